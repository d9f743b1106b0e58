/**
 * The plain email confirmation calls, without the query cache, so that the public /confirm-email page loads
 * none of it (DESIGN §10): asking for the mail again, and following the mailed link (without a token: it is
 * opened wherever the mail is read).
 */
import type { TMsgResponse } from '@sewablast/contract/errors';
import { api } from './api.ts';

export function resendConfirmation(): Promise<TMsgResponse> {
  return api<TMsgResponse>('/auth/email-confirmation/resend', { method: 'POST' });
}

export function confirmEmail(token: string): Promise<TMsgResponse> {
  return api<TMsgResponse>('/auth/confirm-email', { body: { token }, anonymous: true });
}
