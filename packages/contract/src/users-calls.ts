/**
 * /api/admin/users (spec part 2 §7 Users), one line per call (call.ts): a user's detail, fee and profile for
 * anyone signed in (ownership in the service), and the admin dashboard's count of active members. The
 * member lists, the staff and the temporary password under the same prefix are members-calls.ts, so that
 * the dashboard loads none of them; the referral lists are referral's. Schemas: users-schemas.ts. Types only
 * from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TActiveCount } from './counters.ts';
import { TEXT } from './texts.ts';
import type {
  TBlastFeeResponse,
  TUpdateUserResponse,
  TUserDetailResponse,
  ZUpdateUserRequest,
  ZUserIdParams,
} from './users.ts';

export const area = '/api/admin/users';
const FAILURES = [400, 401, 403, 404] as const;
type Id = z.input<typeof ZUserIdParams>;

export const active: Call<{ answer: TActiveCount }> = {
  method: 'GET',
  path: `${area}/active`,
  access: 'managers',
  errors: FAILURES,
};
export const blastFee: Call<{ params: Id; answer: TBlastFeeResponse }> = {
  method: 'GET',
  path: `${area}/blast-fee/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const one: Call<{ params: Id; answer: TUserDetailResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'everyone',
  errors: FAILURES,
  fallback: TEXT.errorFetchingUser,
};
/**
 * The profile, the change-password screen and a member's blast intervals; 409 for an email taken, 429 when
 * a member asked after too many taken ones.
 */
export const update: Call<{ params: Id; body: z.input<typeof ZUpdateUserRequest>; answer: TUpdateUserResponse }> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'everyone',
  errors: [...FAILURES, 409, 429],
  fallback: TEXT.errorUpdatingUser,
};
