/** Phone numbers to blast (spec part 2 §3 PhoneNumber, §5, §7 Phone numbers). */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { importAnswerOf, skippedPartOf, ZImportIdHeaders, ZImportSkippedQuery } from './imports.ts';
import { wholeNumber } from './numbers.ts';
import { INPUT_TEXT, MAX_ID, pageOf, ZIdParams, ZPageQuery } from './paging.ts';
import type * as calls from './phonenumber-calls.ts';

export const PHONE_TEXT = {
  numberRequired: 'Nomor wajib diisi.',
  nameRequired: 'Nama wajib diisi.',
  invalid: 'Nomor harus diawali 62 dan berisi 10-15 angka.',
  taken: 'Nomor sudah terdaftar.',
  duplicateInFile: 'Nomor ganda di dalam file.',
  badFile: 'File harus berupa CSV atau Excel .xlsx (number,name), atau JSON berisi daftar {number, name}.',
  fileRequired: 'Pilih file .csv, .xlsx atau .json terlebih dahulu.',
  importLabel: 'File .csv, .xlsx atau .json',
  importHint:
    'CSV atau Excel .xlsx (lembar pertama) dengan kolom number,name, header boleh tidak ada; atau JSON berisi [{"number", "name"}].',
  nothingToExport: 'No phone numbers to export.',
} as const;

/** The files the phone number import reads, by extension: the server reads them by their content. */
export const PHONE_IMPORT_ACCEPT = ['.csv', '.xlsx', '.json'];

/**
 * Indonesia's numbers are stored as they are dialled from abroad: a leading 0 (the local form) becomes
 * the country code 62. Every number a user or a sender gives goes through here.
 */
export function withCountryCode(digits: string): string {
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

/**
 * A number as people write it (spaces, dashes, dots, brackets, '+') as stored digits with the country
 * code, of any length: a whole number to be checked, or the start of one to search by. Null when
 * anything but those is in it.
 */
export function phoneDigits(raw: string): string | null {
  const digits = raw.trim().replace(/[\s\-.()+]/g, '');
  return /^\d+$/.test(digits) ? withCountryCode(digits) : null;
}

/** A whole number: 10-15 digits starting with 62 once written as phoneDigits does, or null. */
export function normalisePhoneNumber(raw: string): string | null {
  const digits = phoneDigits(raw);
  return digits && /^62\d{8,13}$/.test(digits) ? digits : null;
}

/**
 * A sender as phone_numbers stores it, from a WhatsApp address ("6281…@s.whatsapp.net", "6281…:12@…") or a
 * typed number ("+62 812…", "0812-…"): its digits with the country code, a local 0 read as Indonesia's 62.
 */
export function senderNumber(from: string): string {
  return withCountryCode(from.replace(/@.*$/, '').replace(/:.*$/, '').replace(/\D/g, ''));
}

export const ZPhoneStatus = z.enum(['active', 'nonactive']);

export const ZPhoneNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  status: ZPhoneStatus,
  in_use: z.union([z.literal(0), z.literal(1)]),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  last_sent: z.string().nullable(),
});
export type TPhoneNumber = z.infer<typeof ZPhoneNumber>;

const number = z
  .string({ error: PHONE_TEXT.numberRequired })
  .trim()
  .min(1, { error: PHONE_TEXT.numberRequired })
  .transform((value, context) => {
    const normalised = normalisePhoneNumber(value);
    if (!normalised) {
      context.addIssue({ code: 'custom', message: PHONE_TEXT.invalid });
      return z.NEVER;
    }
    return normalised;
  });
const name = z.string({ error: PHONE_TEXT.nameRequired }).trim().min(1, { error: PHONE_TEXT.nameRequired }).max(200);

export const ZSavePhoneNumberRequest = z.object({ number, name });
export type TSavePhoneNumberRequest = z.input<typeof ZSavePhoneNumberRequest>;

export const ZUpdatePhoneNumberRequest = z.object({ number, name, status: ZPhoneStatus.optional() }).partial();
export type TUpdatePhoneNumberRequest = z.input<typeof ZUpdatePhoneNumberRequest>;

export const ZPhoneNumberResponse = z.object({ phonenumber: ZPhoneNumber });
export type TPhoneNumberResponse = z.infer<typeof ZPhoneNumberResponse>;

/** Why an imported row was skipped: one of these, never any other text (docs/decisions.md, "Imports"). */
export const PHONE_SKIP_REASONS = [PHONE_TEXT.invalid, PHONE_TEXT.duplicateInFile, PHONE_TEXT.taken] as const;
/** How much of a skipped row's number is echoed back: a valid one has at most 15 digits and some spacing. */
export const SKIPPED_NUMBER_MAX = 50;
export const ZSkippedNumber = z.object({
  number: z.string().max(SKIPPED_NUMBER_MAX),
  name: z.string().max(200),
  reason: z.enum(PHONE_SKIP_REASONS),
});
export type TSkippedNumber = z.infer<typeof ZSkippedNumber>;
export const ZPhoneImportResponse = importAnswerOf(ZSkippedNumber);
export type TPhoneImportResponse = z.infer<typeof ZPhoneImportResponse>;
export const ZPhoneSkippedResponse = skippedPartOf(ZSkippedNumber);
export type TPhoneSkippedResponse = z.infer<typeof ZPhoneSkippedResponse>;

export const ZCountBlastResponse = z.object({ blasted: z.number().int(), unBlasted: z.number().int() });
export type TCountBlastResponse = z.infer<typeof ZCountBlastResponse>;

/** GET /list answers this many numbers at a time, in id order; `after` (the last id seen) asks for the next. */
export const PHONE_LIST_LIMIT = 10_000;
export const ZPhoneAllQuery = z.object({ after: wholeNumber(0, MAX_ID, INPUT_TEXT.badId).default(0) });
export type TPhoneAllQuery = z.input<typeof ZPhoneAllQuery>;
export const ZPhoneAllResponse = z.object({ list: z.array(ZPhoneNumber) });
export type TPhoneAllResponse = z.infer<typeof ZPhoneAllResponse>;

/** Paged list query: `synced` only busts caches; `search` is a number prefix or a name prefix. */
export const ZPhoneListQuery = ZPageQuery.extend({ synced: z.string().optional() });
export type TPhoneListQuery = z.input<typeof ZPhoneListQuery>;
export const ZPhonePageResponse = pageOf(ZPhoneNumber);
export type TPhonePageResponse = z.infer<typeof ZPhonePageResponse>;

/** What the server checks of each call in phonenumber-calls.ts. */
export const PHONENUMBER_SCHEMAS = schemasOf<typeof calls>()(['phone numbers'], {
  all: {
    summary: 'Numbers in id order, 10,000 at a time; pass the last id as `after` for the next ones',
    querystring: ZPhoneAllQuery,
    response: { 200: ZPhoneAllResponse },
  },
  page: {
    summary: 'A page of numbers; search is a number prefix or a name prefix',
    querystring: ZPhoneListQuery,
    response: { 200: ZPhonePageResponse },
  },
  countBlast: { summary: 'Numbers blasted at least once, and never', response: { 200: ZCountBlastResponse } },
  one: { params: ZIdParams, response: { 200: ZPhoneNumberResponse } },
  create: { body: ZSavePhoneNumberRequest, response: { 200: ZPhoneNumberResponse } },
  importFile: {
    summary:
      'Multipart file: CSV `number,name` (header optional), the first sheet of an Excel .xlsx workbook laid out the same, or JSON [{number, name}]; answers the counts and the first skipped rows. With an `x-import-id` header, `import_progress` live events carrying that id tell the rows read meanwhile',
    consumes: ['multipart/form-data'],
    headers: ZImportIdHeaders,
    response: { 200: ZPhoneImportResponse },
  },
  skipped: {
    summary: "A part of the numbers the caller's latest import skipped, in file order; `next` names the next part",
    params: ZIdParams,
    querystring: ZImportSkippedQuery,
    response: { 200: ZPhoneSkippedResponse },
  },
  update: { params: ZIdParams, body: ZUpdatePhoneNumberRequest, response: { 200: ZPhoneNumberResponse } },
  remove: { params: ZIdParams, response: { 200: z.object({ msg: z.string() }) } },
});
