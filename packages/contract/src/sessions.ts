/**
 * Sign-in sessions: sign-out (the spec leaves its server call open; it takes the token in the body, like
 * validation, so that a token the server already refuses can still be signed out), the profile's list of
 * the caller's sessions, revoking one, and signing out every other device.
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { ZIdParams } from './paging.ts';
import type * as calls from './sessions-calls.ts';

export const ZLogoutRequest = z.object({ token: z.string().max(4096) });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

export const ZSessionMessage = z.object({ msg: z.string() });
export type TSessionMessage = z.infer<typeof ZSessionMessage>;

export const ZSession = z.object({
  id: z.number().int(),
  user_agent: z.string(),
  address: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

/** The caller's live sessions, the most recently seen first. */
export const ZSessionListResponse = z.object({ list: z.array(ZSession) });
export type TSessionListResponse = z.infer<typeof ZSessionListResponse>;

export const ZSessionIdParams = ZIdParams;

export const ZRevokeOthersResponse = z.object({ msg: z.string(), count: z.number().int() });
export type TRevokeOthersResponse = z.infer<typeof ZRevokeOthersResponse>;

/** What the server checks of each call in sessions-calls.ts. */
export const SESSIONS_SCHEMAS = schemasOf<typeof calls>()(['auth'], {
  list: {
    summary: "The caller's signed-in sessions (devices), the current one marked",
    response: { 200: ZSessionListResponse },
  },
  revoke: {
    summary: "End one of the caller's other sessions",
    params: ZSessionIdParams,
    response: { 200: ZSessionMessage },
  },
  revokeOthers: {
    summary: 'Sign out everywhere else: every session of the caller but this one ends',
    response: { 200: ZRevokeOthersResponse },
  },
});
