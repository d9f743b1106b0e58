/**
 * /api/admin/phonenumber (spec part 2 §7 Phone numbers), one line per call (call.ts): the numbers to blast,
 * for admins and devs. The import is multipart (the web's `upload`, which tells the bytes sent), naming its live progress by the
 * `x-import-id` header. Schemas: phonenumber.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call, Form } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZImportSkippedQuery } from './imports.ts';
import type { ZIdParams } from './paging.ts';
import type {
  TPhoneAllResponse,
  TPhoneImportResponse,
  TPhoneNumberResponse,
  TPhonePageResponse,
  TPhoneSkippedResponse,
  ZPhoneAllQuery,
  ZPhoneListQuery,
  ZSavePhoneNumberRequest,
  ZUpdatePhoneNumberRequest,
} from './phonenumber.ts';

/** The admin dashboard's count, declared with the counters so that the dashboard loads no more of this table. */
export { countBlast } from './counters-calls.ts';

export const area = '/api/admin/phonenumber';
const FAILURES = [400, 401, 403, 404, 409] as const;
const LIST_FAILED = 'Error fetching Phone Number list';
type Id = z.input<typeof ZIdParams>;

/** Every number in id order, 10,000 at a time (the exports walk it). */
export const all: Call<{ query: z.input<typeof ZPhoneAllQuery>; answer: TPhoneAllResponse }> = {
  method: 'GET',
  path: `${area}/list`,
  access: 'managers',
  errors: FAILURES,
  fallback: LIST_FAILED,
};
export const page: Call<{ query: z.input<typeof ZPhoneListQuery>; answer: TPhonePageResponse }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: FAILURES,
  fallback: LIST_FAILED,
};
export const one: Call<{ params: Id; answer: TPhoneNumberResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Phone Number',
};
export const create: Call<{ body: z.input<typeof ZSavePhoneNumberRequest>; answer: TPhoneNumberResponse }> = {
  method: 'POST',
  path: `${area}/save`,
  access: 'managers',
  errors: FAILURES,
};
/** Multipart: the file; 413 when it is larger than IMPORT_MAX_MB. */
export const importFile: Call<{ body: Form; answer: TPhoneImportResponse }> = {
  method: 'POST',
  path: `${area}/import`,
  access: 'managers',
  errors: [...FAILURES, 413],
  fallback: 'Error importing CSV',
};
/** The rows the caller's latest import skipped, part by part. */
export const skipped: Call<{
  params: Id;
  query: z.input<typeof ZImportSkippedQuery>;
  answer: TPhoneSkippedResponse;
}> = {
  method: 'GET',
  path: `${area}/import/:id/skipped`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Daftar nomor yang dilewati tidak dapat diunduh.',
};
export const update: Call<{
  params: Id;
  body: z.input<typeof ZUpdatePhoneNumberRequest>;
  answer: TPhoneNumberResponse;
}> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
export const remove: Call<{ params: Id; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
