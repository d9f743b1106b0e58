/**
 * /api/admin/bonus (spec part 2 §7), one line per call (call.ts): admins and devs give and delete bonuses;
 * admins, devs and members read the list (a member only their own, checked in the service); a user's total
 * for anyone signed in (ownership in the service). Schemas: bonus.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { TBonusAnswer, TBonusPage, ZBonusCreate, ZBonusPageQuery } from './bonus.ts';
import { BONUS_TEXT } from './bonus-text.ts';
import type { Call } from './call.ts';
import type { TTotalBonus } from './counters.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZIdParams } from './paging.ts';
import type { ZUserIdParams } from './users.ts';

export const area = '/api/admin/bonus';
const FAILURES = [400, 401, 403, 404] as const;

export const total: Call<{ params: z.input<typeof ZUserIdParams>; answer: TTotalBonus }> = {
  method: 'GET',
  path: `${area}/total/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const page: Call<{ query: z.input<typeof ZBonusPageQuery>; answer: TBonusPage }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'memberSide',
  errors: FAILURES,
  fallback: BONUS_TEXT.fetchFailed,
};
/** The caller sends an `Idempotency-Key`: a retried create gives the bonus once. */
export const create: Call<{ body: z.input<typeof ZBonusCreate>; answer: TBonusAnswer }> = {
  method: 'POST',
  path: `${area}/create`,
  access: 'managers',
  errors: [...FAILURES, 422],
  errorField: true,
};
export const remove: Call<{ params: z.input<typeof ZIdParams>; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'managers',
  errors: [...FAILURES, 409],
};
