/**
 * /api/admin/generator (spec part 2 §7 Generator), one line per call (call.ts): the calls shared with
 * validators (jobs-calls.ts), and create and update with a JSON body. Schemas: generator.ts. Types only
 * from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TGenerator, TGeneratorAnswer, ZGeneratorCreateRequest, ZGeneratorUpdateRequest } from './generator.ts';
import { JOB_FAILURES, JOB_REFUSED, jobCallsOf } from './jobs-calls.ts';
import type { ZIdParams } from './paging.ts';

export const area = '/api/admin/generator';

export const { page, result, one, remove, start, stop } = jobCallsOf<'generator', TGenerator>(area, {
  listFailed: 'Error fetching Generator list',
  fetchFailed: 'Error fetching Generator',
});
export const create: Call<{ body: z.input<typeof ZGeneratorCreateRequest>; answer: TGeneratorAnswer }> = {
  method: 'POST',
  path: `${area}/create`,
  access: 'backOffice',
  errors: JOB_FAILURES,
};
/** 409 code 'running' while the generator runs. */
export const update: Call<{
  params: z.input<typeof ZIdParams>;
  body: z.input<typeof ZGeneratorUpdateRequest>;
  answer: TGeneratorAnswer;
}> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'backOffice',
  errors: JOB_REFUSED,
};
