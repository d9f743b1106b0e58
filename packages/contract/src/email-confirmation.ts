/**
 * Confirming an email address by a mailed link (issue 20): required only when the server mails (SMTP_URL);
 * until then a member may sign in and link accounts but not withdraw.
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './email-confirmation-calls.ts';
import { EMAIL_CONFIRM_TEXT } from './email-confirmation-text.ts';
import { ZMsgResponse } from './errors.ts';

/** `required` is false when the server mails nothing: then every address counts as confirmed. */
export const ZEmailConfirmationState = z.object({ required: z.boolean(), confirmed: z.boolean() });
export type TEmailConfirmationState = z.infer<typeof ZEmailConfirmationState>;

export const ZConfirmEmailRequest = z.object({
  token: z
    .string()
    .min(1, { error: EMAIL_CONFIRM_TEXT.tokenInvalid })
    .max(200, { error: EMAIL_CONFIRM_TEXT.tokenInvalid }),
});
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

/** What the server checks of each call in email-confirmation-calls.ts. */
export const EMAIL_CONFIRMATION_SCHEMAS = schemasOf<typeof calls>()(['auth'], {
  state: {
    summary: "Whether the caller's email must be confirmed, and whether it is",
    response: { 200: ZEmailConfirmationState },
  },
  resend: {
    summary: "Mail a new confirmation link to the caller's address; once a minute, a few an hour",
    response: { 200: ZMsgResponse },
  },
  confirm: {
    summary: 'Confirm an email address with the mailed one-time link',
    body: ZConfirmEmailRequest,
    response: { 200: ZMsgResponse },
  },
});
