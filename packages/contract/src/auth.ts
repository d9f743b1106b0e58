/** Sign-up, sign-in and token validation (spec part 1 §5, §7 Auth). */
import { z } from 'zod';
import { TEXT } from './texts.ts';
import { ZUser } from './users.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZLoginRequest = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: TEXT.loginRequired }),
  password: z.string().min(1, { error: TEXT.loginRequired }),
  /** A remembered device's token ("Ingat perangkat ini"): the second step is skipped while it holds. */
  device_token: z.string().max(2048).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** `must_change_password`: signed in with a temporary password, which the dashboard makes them change first. */
export const ZLoginResponse = z.object({
  token: z.string(),
  user: ZUser,
  must_change_password: z.literal(true).optional(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The answer to a right password when the account has a second factor: no token yet, a challenge. */
export const ZLoginChallenge = z.object({
  two_factor: z.literal(true),
  challenge: z.string(),
  expires_in: z.number().int(),
});
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;

export const ZLoginAnswer = z.union([ZLoginResponse, ZLoginChallenge]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/**
 * Field names are the payload's; the error state of the form (and the server's `errors`) use the same
 * names, except that a bad `affiliateCode` is reported under `referral_code`.
 */
export const ZRegisterRequest = z
  .object({
    firstName: z.string({ error: TEXT.firstNameRequired }).trim().min(1, { error: TEXT.firstNameRequired }).max(100),
    lastName: z.string({ error: TEXT.lastNameRequired }).trim().min(1, { error: TEXT.lastNameRequired }).max(100),
    email: z
      .string({ error: TEXT.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, { error: TEXT.emailRequired })
      .max(200)
      .regex(EMAIL_SHAPE, { error: TEXT.emailInvalid }),
    password: z.string({ error: TEXT.passwordRequired }).min(1, { error: TEXT.passwordRequired }).max(200),
    password2: z.string({ error: TEXT.password2Required }).min(1, { error: TEXT.password2Required }),
    affiliateCode: z.string().trim().max(32).optional(),
    agreeToTerms: z.literal(true, { error: TEXT.termsRequired }),
  })
  .refine((body) => body.password === body.password2, {
    path: ['password2'],
    error: TEXT.passwordMismatch,
    // Report a mismatch alongside other fields' errors, as long as both passwords were given.
    when: ({ value }) => {
      const body = value as { password?: unknown; password2?: unknown };
      return typeof body.password === 'string' && typeof body.password2 === 'string' && body.password2 !== '';
    },
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const REGISTER_ERROR_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'password2',
  'referral_code',
] as const;
export type TRegisterErrorField = (typeof REGISTER_ERROR_FIELDS)[number];

export const ZRegisterResponse = z.object({
  success: z.boolean(),
  msg: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZValidateRequest = z.object({ token: z.string().min(1, { error: TEXT.tokenMissing }) });
export type TValidateRequest = z.infer<typeof ZValidateRequest>;

export const ZValidateResponse = z.object({
  isvalid: z.boolean(),
  msg: z.string().optional(),
  user: ZUser.optional(),
});
export type TValidateResponse = z.infer<typeof ZValidateResponse>;

/** Token lifetime: the cookie lasts 10 years (spec §9) but a token expires; the shell then signs out on 401. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
