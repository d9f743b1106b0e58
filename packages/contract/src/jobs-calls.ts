/**
 * The calls generators and validators share (spec part 2 §7), declared once for both areas (call.ts):
 * list-per-page, download-result, get, delete, start and stop, under the area's path with its own job.
 * Staff, admins and devs make them (ownership is the service's first check). Schemas: jobs.ts
 * jobSchemasOf. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZJobIdRequest, ZJobPageQuery } from './jobs.ts';
import type { TPageMeta, ZIdParams } from './paging.ts';

export const JOB_FAILURES = [400, 401, 403, 404] as const;
/** Start answers 403 code 'disconnected' and 409 codes 'busy' and 'finished'; an edit 409 code 'running'. */
export const JOB_REFUSED = [...JOB_FAILURES, 409] as const;

type Id = z.input<typeof ZIdParams>;
/** A single job under its area's key: `{ generator }` or `{ validator }`. */
export type JobOne<Key extends string, Item> = { [K in Key]: Item };
/** Create, update, start and stop answer the job as it now is, with a message. */
export type JobAnswer<Key extends string, Item> = { msg: string } & JobOne<Key, Item>;

/** The shared calls of the job area at `area`, whose job goes under `Key` (the texts shown on a failed read). */
export function jobCallsOf<Key extends string, Item>(area: string, texts: { listFailed: string; fetchFailed: string }) {
  const page: Call<{ query: z.input<typeof ZJobPageQuery>; answer: { data: Item[]; meta: TPageMeta } }> = {
    method: 'GET',
    path: `${area}/list-per-page`,
    access: 'backOffice',
    errors: JOB_FAILURES,
    fallback: texts.listFailed,
  };
  /** text/csv of the numbers found (`callText`); `{list}` of them when Accept prefers application/json. */
  const result: Call<{ params: Id; answer: string }> = {
    method: 'GET',
    path: `${area}/download-result/:id`,
    access: 'backOffice',
    errors: JOB_FAILURES,
    fallback: texts.fetchFailed,
  };
  const one: Call<{ params: Id; answer: JobOne<Key, Item> }> = {
    method: 'GET',
    path: `${area}/:id`,
    access: 'backOffice',
    errors: JOB_FAILURES,
    fallback: texts.fetchFailed,
  };
  const remove: Call<{ params: Id; answer: TMsgResponse }> = {
    method: 'DELETE',
    path: `${area}/:id`,
    access: 'backOffice',
    errors: JOB_FAILURES,
  };
  type Command = Call<{ body: z.input<typeof ZJobIdRequest>; answer: JobAnswer<Key, Item> }>;
  const start: Command = {
    method: 'POST',
    path: `${area}/start`,
    access: 'backOffice',
    errors: JOB_REFUSED,
    errorField: true,
  };
  const stop: Command = {
    method: 'POST',
    path: `${area}/stop`,
    access: 'backOffice',
    errors: JOB_FAILURES,
    errorField: true,
  };
  return { page, result, one, remove, start, stop };
}
