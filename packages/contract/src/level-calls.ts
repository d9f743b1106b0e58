/**
 * /api/admin/level (spec part 2 §7 Level), one line per call (call.ts): admins and devs list, read, save and
 * delete levels; every failure carries `error` too, as the level screens read it. Schemas: level.ts. Types
 * only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { TLevelPageResponse, TLevelResponse, ZLevelRequest } from './level.ts';
import type { ZIdParams, ZPageQuery } from './paging.ts';

export const area = '/api/admin/level';
const FAILURES = [400, 401, 403, 404] as const;
/** A save also answers 409 when the name is another level's, in any case. */
const SAVE_FAILURES = [...FAILURES, 409] as const;
type Id = z.input<typeof ZIdParams>;
type Body = z.input<typeof ZLevelRequest>;

export const page: Call<{ query: z.input<typeof ZPageQuery>; answer: TLevelPageResponse }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Level list',
  errorField: true,
};
export const one: Call<{ params: Id; answer: TLevelResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Level',
  errorField: true,
};
export const create: Call<{ body: Body; answer: TLevelResponse }> = {
  method: 'POST',
  path: `${area}/create`,
  access: 'managers',
  errors: SAVE_FAILURES,
  errorField: true,
};
export const update: Call<{ params: Id; body: Body; answer: TLevelResponse }> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'managers',
  errors: SAVE_FAILURES,
  errorField: true,
};
export const remove: Call<{ params: Id; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
  errorField: true,
};
