/**
 * Getting back into an account (issue 11 §6): the emailed one-time link when mail is configured, otherwise
 * a temporary password an admin or dev sets on 'Edit Member', which must be changed at the next sign-in.
 */
import { z } from 'zod';
import { PASSWORD_MIN, RECOVERY_TEXT } from './recovery-text.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZRecoveryState = z.object({ mail: z.boolean() });
export type TRecoveryState = z.infer<typeof ZRecoveryState>;

export const ZForgotPasswordRequest = z.object({
  email: z
    .string({ error: RECOVERY_TEXT.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: RECOVERY_TEXT.emailRequired })
    .max(200)
    .regex(EMAIL_SHAPE, { error: RECOVERY_TEXT.emailInvalid }),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** `mail: false` means nothing was sent because this server has no mail: the page says to ask an admin. */
export const ZForgotPasswordResponse = z.object({ mail: z.boolean(), msg: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

const newPassword = z
  .string({ error: RECOVERY_TEXT.passwordMin })
  .min(PASSWORD_MIN, { error: RECOVERY_TEXT.passwordMin })
  .max(200);

export const ZResetPasswordRequest = z
  .object({
    token: z.string().min(1, { error: RECOVERY_TEXT.tokenInvalid }).max(200),
    password: newPassword,
    password2: z.string({ error: RECOVERY_TEXT.password2Required }).min(1, { error: RECOVERY_TEXT.password2Required }),
  })
  .refine((body) => body.password === body.password2, { path: ['password2'], error: RECOVERY_TEXT.passwordMismatch });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The form that replaces a temporary password: the temporary one, then the new one twice. */
export const ZChangePasswordForm = z
  .object({
    current_password: z.string().min(1, { error: RECOVERY_TEXT.passwordMin }).max(200),
    password: newPassword,
    password2: z.string().min(1, { error: RECOVERY_TEXT.password2Required }),
  })
  .refine((body) => body.password === body.password2, { path: ['password2'], error: RECOVERY_TEXT.passwordMismatch });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** Without `password` the server generates one. */
export const ZTemporaryPasswordRequest = z.object({ password: newPassword.optional() });
export type TTemporaryPasswordRequest = z.infer<typeof ZTemporaryPasswordRequest>;

/** The password is answered this once, for the admin to hand over; only its hash is kept. */
export const ZTemporaryPasswordResponse = z.object({ password: z.string(), msg: z.string() });
export type TTemporaryPasswordResponse = z.infer<typeof ZTemporaryPasswordResponse>;
