/**
 * The admins' and devs' calls under /api/admin/users (spec part 2 §2 Member list, Member edit), one line per
 * call (call.ts): the member lists and picker, the staff with their second factor and its reset, and a
 * member's temporary password. A user's own detail and profile are users-calls.ts. Schemas:
 * users-schemas.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
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
import type { TBackOfficeUserPage } from './two-factor.ts';
import type { ZUserIdParams } from './users.ts';

export const area = '/api/admin/users';
const LIST_FAILURES = [400, 401, 403] as const;
/** The second factor's failures, as sign-in's: a reset of a user gone is 404, a busy one 409. */
const TWO_FACTOR_FAILURES = [400, 401, 403, 404, 409, 429] as const;
const MEMBER_LIST_FAILED = 'Error fetching Member list';

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
  params: z.input<typeof ZUserIdParams>;
  body: z.input<typeof ZTemporaryPasswordRequest>;
  answer: TTemporaryPasswordResponse;
}> = {
  method: 'POST',
  path: `${area}/:id/temporary-password`,
  access: 'managers',
  errors: [400, 401, 403, 404],
};
