/**
 * /api/admin/validator (spec part 2 §7 Validator), one line per call (call.ts): the calls shared with
 * generators (jobs-calls.ts), and create and update, both multipart (a `Form` body): create with the file,
 * update without one. Schemas: validator.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call, Form } from './call.ts';
import { JOB_FAILURES, JOB_REFUSED, jobCallsOf } from './jobs-calls.ts';
import type { ZIdParams } from './paging.ts';
import type { TValidator, TValidatorAnswer, TValidatorCreateAnswer } from './validator.ts';

export const area = '/api/admin/validator';

export const { page, result, one, remove, start, stop } = jobCallsOf<'validator', TValidator>(area, {
  listFailed: 'Error fetching Validator list',
  fetchFailed: 'Error fetching Validator',
});
/** Multipart: file, whatsapp_id, b_insert, interval_min, interval_max; 413 when the file is too large. */
export const create: Call<{ body: Form; answer: TValidatorCreateAnswer }> = {
  method: 'POST',
  path: `${area}/create`,
  access: 'backOffice',
  errors: [...JOB_FAILURES, 413],
};
/** Multipart without a file; 409 code 'running' while the validator runs. */
export const update: Call<{ params: z.input<typeof ZIdParams>; body: Form; answer: TValidatorAnswer }> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'backOffice',
  errors: JOB_REFUSED,
};
