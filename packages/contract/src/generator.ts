/** Number generators (spec part 2 §2 Generator list/create, §3, §5, §7 Generator; DESIGN §5.9). */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './generator-calls.ts';
import {
  INTERVAL_RULE,
  intervalRule,
  JOB_NUMBER_PATTERN,
  JOB_RANGE_MAX,
  jobSchemasOf,
  ZJobBase,
  ZJobRefusal,
  ZJobSettings,
} from './jobs.ts';
import { pageOf, ZIdParams } from './paging.ts';
import { phoneDigits } from './phonenumber.ts';

export const GENERATOR_TEXT = {
  title: 'Daftar Generator',
  formTitle: 'Tambah Generator',
  editTitle: 'Edit Generator',
  generating: 'Generating',
  columnRange: 'Rentang Nomor',
  startNumber: 'Nomor Awal',
  endNumber: 'Nomor Akhir',
  /** Under the range of a generator being edited: the range is fixed once it is created. */
  locked: 'Tidak dapat diubah setelah generator dibuat.',
  startRequired: 'Nomor awal wajib diisi.',
  endRequired: 'Nomor akhir wajib diisi.',
  badNumber: 'Nomor harus diawali 62 dan berisi 10-15 angka.',
  order: 'Target nomor awal harus lebih kecil dari nomor akhir',
  tooMany: `Rentang paling banyak ${JOB_RANGE_MAX.toLocaleString('id-ID')} nomor.`,
  notFound: 'Generator tidak ditemukan.',
  created: 'Generator dibuat.',
  downloadName: 'phone_numbers_generated.csv',
} as const;

/** A number field: what a person types (spaces, dashes, a leading 0 or +62), stored as digits. */
const rangeNumber = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(30, { error: GENERATOR_TEXT.badNumber })
    .transform((value, context) => {
      const digits = phoneDigits(value);
      if (!digits || !JOB_NUMBER_PATTERN.test(digits)) {
        context.addIssue({ code: 'custom', message: GENERATOR_TEXT.badNumber });
        return z.NEVER;
      }
      return digits;
    });

/** How many numbers a range holds; numbers of up to 15 digits are exact in a double. */
export function rangeSize(start: string, end: string): number {
  return Number(end) - Number(start) + 1;
}

export const ZGeneratorCreateRequest = ZJobSettings.extend({
  start_number: rangeNumber(GENERATOR_TEXT.startRequired),
  end_number: rangeNumber(GENERATOR_TEXT.endRequired),
})
  .refine((body) => Number(body.start_number) < Number(body.end_number), {
    path: ['start_number'],
    error: GENERATOR_TEXT.order,
  })
  .refine((body) => rangeSize(body.start_number, body.end_number) <= JOB_RANGE_MAX, {
    path: ['end_number'],
    error: GENERATOR_TEXT.tooMany,
  })
  .refine(intervalRule, INTERVAL_RULE);
export type TGeneratorCreateRequest = z.input<typeof ZGeneratorCreateRequest>;

/** Start and end are locked once created (spec part 2 §2); an edit changes the account, pace and b_insert. */
export const ZGeneratorUpdateRequest = ZJobSettings.refine(intervalRule, INTERVAL_RULE);
export type TGeneratorUpdateRequest = z.input<typeof ZGeneratorUpdateRequest>;

export const ZGenerator = ZJobBase.extend({
  start_number: z.string(),
  end_number: z.string(),
  /** The last number checked; null before the first check and once finished (spec part 2 §4). */
  current_number: z.string().nullable(),
});
export type TGenerator = z.infer<typeof ZGenerator>;

export const ZGeneratorResponse = z.object({ generator: ZGenerator });
export type TGeneratorResponse = z.infer<typeof ZGeneratorResponse>;
/** Create, update, start and stop answer the row as it now is, with a message. */
export const ZGeneratorAnswer = z.object({ msg: z.string(), generator: ZGenerator });
export type TGeneratorAnswer = z.infer<typeof ZGeneratorAnswer>;
export const ZGeneratorPage = pageOf(ZGenerator);
export type TGeneratorPage = z.infer<typeof ZGeneratorPage>;

/** What the server checks of each call in generator-calls.ts. */
export const GENERATOR_SCHEMAS = schemasOf<typeof calls>()(['generator'], {
  ...jobSchemasOf('generator', ZGenerator),
  create: {
    summary: "A range of at most 1 000 000 numbers (digits starting 62), on one of the caller's accounts",
    body: ZGeneratorCreateRequest,
    response: { 200: ZGeneratorAnswer },
  },
  update: {
    summary: "The account, intervals and b_insert; the range is locked. 409 code 'running' while it runs",
    params: ZIdParams,
    body: ZGeneratorUpdateRequest,
    response: { 200: ZGeneratorAnswer, 409: ZJobRefusal },
  },
});
