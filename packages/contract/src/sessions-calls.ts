/**
 * The caller's own sessions under /api/auth/sessions (the profile's devices), one line per call (call.ts):
 * another user's session id is answered as one that does not exist. Schemas: sessions.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TRevokeOthersResponse, TSessionListResponse, TSessionMessage, ZSessionIdParams } from './sessions.ts';
import { SESSION_TEXT } from './sessions-text.ts';

export const area = '/api/auth/sessions';
const FAILURES = [400, 401, 403, 404] as const;

export const list: Call<{ answer: TSessionListResponse }> = {
  method: 'GET',
  path: area,
  access: 'everyone',
  errors: FAILURES,
  fallback: SESSION_TEXT.loadFailed,
};
export const revoke: Call<{ params: z.input<typeof ZSessionIdParams>; answer: TSessionMessage }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'everyone',
  errors: FAILURES,
  fallback: SESSION_TEXT.failed,
};
export const revokeOthers: Call<{ answer: TRevokeOthersResponse }> = {
  method: 'POST',
  path: `${area}/revoke-others`,
  access: 'everyone',
  errors: FAILURES,
  fallback: SESSION_TEXT.failed,
};
