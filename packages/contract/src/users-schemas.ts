/**
 * What the server checks of each call in users-calls.ts and members-calls.ts. Apart from users.ts, whose
 * user schemas the other areas' modules import, so that they do not load the member and staff schemas with
 * them.
 */
import { schemasOf } from './call-schemas.ts';
import { ZActiveCount } from './counters.ts';
import { ZMsgResponse } from './errors.ts';
import {
  ZMemberOptions,
  ZMemberOptionsQuery,
  ZMemberPage,
  ZMemberPageQuery,
  ZMembers,
  ZMembersQuery,
} from './members.ts';
import type * as membersCalls from './members-calls.ts';
import { ZIdParams, ZPageQuery } from './paging.ts';
import { ZTemporaryPasswordRequest, ZTemporaryPasswordResponse } from './recovery.ts';
import { ZBackOfficeUserPage } from './two-factor.ts';
import {
  ZBlastFeeResponse,
  ZUpdateUserRequest,
  ZUpdateUserResponse,
  ZUserDetailResponse,
  ZUserIdParams,
} from './users.ts';
import type * as usersCalls from './users-calls.ts';

/** What the server checks of each call in users-calls.ts. */
export const USERS_SCHEMAS = schemasOf<typeof usersCalls>()(['users'], {
  active: { summary: 'Members active in the last 5 minutes', response: { 200: ZActiveCount } },
  blastFee: {
    summary: "A user's fee per successful blast",
    params: ZUserIdParams,
    response: { 200: ZBlastFeeResponse },
  },
  one: {
    summary: 'A user with their level name and colour',
    params: ZUserIdParams,
    response: { 200: ZUserDetailResponse },
  },
  update: {
    summary: 'Update a profile; role only by a dev, intervals only by admins and devs',
    params: ZUserIdParams,
    body: ZUpdateUserRequest,
    response: { 200: ZUpdateUserResponse },
  },
});

/** What the server checks of each call in members-calls.ts. */
export const MEMBERS_SCHEMAS = schemasOf<typeof membersCalls>()(['users'], {
  members: {
    summary: 'Up to 100 members by full name (id, names, email), searched by the start of a name or email',
    querystring: ZMembersQuery,
    response: { 200: ZMembers },
  },
  memberPage: {
    summary: 'A page of members, newest first, searched by the start of a name or email, filtered by status',
    querystring: ZMemberPageQuery,
    response: { 200: ZMemberPage },
  },
  memberOptions: {
    summary: 'Up to 20 members by name for a picker; `id` is shown first whatever the search',
    querystring: ZMemberOptionsQuery,
    response: { 200: ZMemberOptions },
  },
  backOfficePage: {
    summary: 'A page of staff, admin and dev users with their second factor, searched by name or email',
    querystring: ZPageQuery,
    response: { 200: ZBackOfficeUserPage },
  },
  resetTwoFactor: {
    summary: "Reset a user's second factor (audited); every session of the user ends",
    params: ZIdParams,
    response: { 200: ZMsgResponse },
  },
  temporaryPassword: {
    summary: "Set a user's temporary password, answered once; it must be changed at the next sign-in",
    params: ZUserIdParams,
    body: ZTemporaryPasswordRequest,
    response: { 200: ZTemporaryPasswordResponse },
  },
});
