/**
 * /api/admin/users (spec part 2 §7 Users, Members and messaging), one line per call (call.ts): a user's
 * detail, fee and profile for anyone signed in (ownership in the service); the member lists, the staff list
 * with its second factor and the temporary password for admins and devs. Schemas: users-schemas.ts. Types
 * only from zod. The referral lists share the prefix (referral's own calls).
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TActiveCount } from './counters.ts';
import type { TMsgResponse } from './errors.ts';
import type {
  TMemberOptions,
  TMemberPage,
  TMembers,
  ZMemberOptionsQuery,
  ZMemberPageQuery,
  ZMembersQuery,
} from './members.ts';
import type { ZIdParams, ZPageQuery } from './paging.ts';
import type { TTemporaryPasswordResponse, ZTemporaryPasswordRequest } from './recovery.ts';
import { TEXT } from './texts.ts';
import type { TBackOfficeUserPage } from './two-factor.ts';
import type {
  TBlastFeeResponse,
  TUpdateUserResponse,
  TUserDetailResponse,
  ZUpdateUserRequest,
  ZUserIdParams,
} from './users.ts';

export const area = '/api/admin/users';
const FAILURES = [400, 401, 403, 404] as const;
const LIST_FAILURES = [400, 401, 403] as const;
/** The second factor's failures, as sign-in's: a reset of a user gone is 404, a busy one 409. */
const TWO_FACTOR_FAILURES = [400, 401, 403, 404, 409, 429] as const;
type Id = z.input<typeof ZUserIdParams>;
const MEMBER_LIST_FAILED = 'Error fetching Member list';

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
export const members: Call<{ query: z.input<typeof ZMembersQuery>; answer: TMembers }> = {
  method: 'GET',
  path: `${area}/members`,
  access: 'managers',
  errors: LIST_FAILURES,
};
export const memberPage: Call<{ query: z.input<typeof ZMemberPageQuery>; answer: TMemberPage }> = {
  method: 'GET',
  path: `${area}/members-per-page`,
  access: 'managers',
  errors: LIST_FAILURES,
  fallback: MEMBER_LIST_FAILED,
};
export const memberOptions: Call<{ query: z.input<typeof ZMemberOptionsQuery>; answer: TMemberOptions }> = {
  method: 'GET',
  path: `${area}/member-options`,
  access: 'managers',
  errors: LIST_FAILURES,
  fallback: MEMBER_LIST_FAILED,
};
export const backOfficePage: Call<{ query: z.input<typeof ZPageQuery>; answer: TBackOfficeUserPage }> = {
  method: 'GET',
  path: `${area}/back-office-per-page`,
  access: 'managers',
  errors: TWO_FACTOR_FAILURES,
  fallback: 'Gagal memuat daftar staf dan admin.',
};
export const resetTwoFactor: Call<{ params: z.input<typeof ZIdParams>; answer: TMsgResponse }> = {
  method: 'POST',
  path: `${area}/:id/two-factor/reset`,
  access: 'managers',
  errors: TWO_FACTOR_FAILURES,
};
/** Answered once: the password is shown to the admin to hand over. */
export const temporaryPassword: Call<{
  params: Id;
  body: z.input<typeof ZTemporaryPasswordRequest>;
  answer: TTemporaryPasswordResponse;
}> = {
  method: 'POST',
  path: `${area}/:id/temporary-password`,
  access: 'managers',
  errors: FAILURES,
};
