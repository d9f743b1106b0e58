/**
 * Confirming an email address by a mailed link (issue 20): required only when the server mails (SMTP_URL);
 * until then a member may sign in and link accounts but not withdraw.
 */
import { z } from 'zod';
import { EMAIL_CONFIRM_TEXT } from './email-confirmation-text.ts';

export {
  CONFIRM_LINK_HOURS,
  EMAIL_CONFIRM_TEXT,
  EMAIL_CONFIRMED_VIA,
  RESEND_PER_HOUR,
} from './email-confirmation-text.ts';

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
