/**
 * Number validators (spec part 2 §2 Validator list/create, §3, §5, §7 Validator; DESIGN §5.9): the numbers
 * of an uploaded .csv, .json or .xlsx file, read as the phone number import reads them.
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { INTERVAL_RULE, intervalRule, jobSchemasOf, ZJobBase, ZJobRefusal, ZJobSettings } from './jobs.ts';
import { pageOf, ZIdParams } from './paging.ts';
import type * as calls from './validator-calls.ts';

export const VALIDATOR_TEXT = {
  title: 'Daftar Validator',
  formTitle: 'Tambah Akun Validator',
  editTitle: 'Edit Validator',
  validating: 'Validating',
  columnFile: 'Target File',
  file: 'File',
  /** The file input's accept list. */
  accept: '.csv,.json,.xlsx',
  fileRequired: 'Pilih file .csv, .json atau .xlsx terlebih dahulu.',
  /** A file is chosen, of a type the validator does not read. */
  fileType: 'Jenis file tidak diterima: pilih file .csv, .json atau .xlsx.',
  badFile: 'File harus berupa CSV (number,name), JSON berisi daftar {number, name}, atau Excel .xlsx.',
  noNumbers: 'File tidak berisi nomor yang valid.',
  fileGone: 'File validator ini sudah tidak ada.',
  notFound: 'Validator tidak ditemukan.',
  created: 'Validator dibuat.',
  /** After upload: the valid numbers counted and the rows skipped (bad numbers, duplicates in the file). */
  counted: (total: number, skipped: number) => `${total} nomor akan diperiksa, ${skipped} baris dilewati.`,
  downloadName: 'phone_numbers_validated.csv',
} as const;

/** The text fields of the multipart create form (the file goes as `file`). */
export const ZValidatorCreateFields = ZJobSettings.refine(intervalRule, INTERVAL_RULE);
export type TValidatorCreateFields = z.input<typeof ZValidatorCreateFields>;
/** Update is the same multipart form without a file. */
export const ZValidatorUpdateFields = ZValidatorCreateFields;
export type TValidatorUpdateFields = TValidatorCreateFields;

export const ZValidator = ZJobBase.extend({
  file_id: z.number().int().nullable(),
  /** The uploaded file's name and a signed link to it (null once the file is gone). */
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable(),
  /** The file's valid numbers checked so far, in file order: the run resumes after them. */
  cursor: z.number().int(),
});
export type TValidator = z.infer<typeof ZValidator>;

export const ZValidatorResponse = z.object({ validator: ZValidator });
export type TValidatorResponse = z.infer<typeof ZValidatorResponse>;
export const ZValidatorAnswer = z.object({ msg: z.string(), validator: ZValidator });
export type TValidatorAnswer = z.infer<typeof ZValidatorAnswer>;
/** Create also tells how many numbers the file holds and how many rows were skipped. */
export const ZValidatorCreateAnswer = ZValidatorAnswer.extend({ total: z.number().int(), skipped: z.number().int() });
export type TValidatorCreateAnswer = z.infer<typeof ZValidatorCreateAnswer>;
export const ZValidatorPage = pageOf(ZValidator);
export type TValidatorPage = z.infer<typeof ZValidatorPage>;

/** What the server checks of each call in validator-calls.ts; the multipart forms are read as they stream. */
export const VALIDATOR_SCHEMAS = schemasOf<typeof calls>()(['validator'], {
  ...jobSchemasOf('validator', ZValidator),
  create: {
    summary: `Multipart: file (.csv, .json or .xlsx, at most IMPORT_MAX_MB), whatsapp_id, b_insert, interval_min, interval_max`,
    consumes: ['multipart/form-data'],
    response: { 200: ZValidatorCreateAnswer },
  },
  update: {
    summary:
      "Multipart without a file: whatsapp_id, b_insert, interval_min, interval_max. 409 code 'running' while it runs",
    consumes: ['multipart/form-data'],
    params: ZIdParams,
    response: { 200: ZValidatorAnswer, 409: ZJobRefusal },
  },
});
