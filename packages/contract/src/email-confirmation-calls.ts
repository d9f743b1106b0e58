/**
 * Email confirmation under /api/auth (issue 20), one line per call (call.ts): the signed-in caller's state
 * and a new link, and following the mailed link (public: it is opened wherever the mail is read). Schemas:
 * email-confirmation.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TEmailConfirmationState, ZConfirmEmailRequest } from './email-confirmation.ts';
import type { TMsgResponse } from './errors.ts';

export const area = '/api/auth/email-confirmation';
const FAILURES = [400, 401, 403, 404] as const;

export const state: Call<{ answer: TEmailConfirmationState }> = {
  method: 'GET',
  path: area,
  access: 'everyone',
  errors: FAILURES,
};
/** 429 once a minute and past a few an hour. */
export const resend: Call<{ answer: TMsgResponse }> = {
  method: 'POST',
  path: `${area}/resend`,
  access: 'everyone',
  errors: [...FAILURES, 429],
};
export const confirm: Call<{ body: z.input<typeof ZConfirmEmailRequest>; answer: TMsgResponse }> = {
  method: 'POST',
  path: '/api/auth/confirm-email',
  access: 'public',
  errors: [400, 429],
};
