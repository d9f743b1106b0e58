/** The user as the API shows it: never the password hash, never another user's money. */
import { z } from 'zod';
import { ZId } from './paging.ts';
import { ROLES } from './roles.ts';

export const ZRole = z.enum(ROLES);

export const ZUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: ZRole,
  referral_code: z.string(),
  referred_by: z.number().int().nullable(),
  level_id: z.number().int().nullable(),
  blast_interval_min: z.number().int().nullable(),
  blast_interval_max: z.number().int().nullable(),
  account_bank: z.string().nullable(),
  account_number: z.string().nullable(),
  account_name: z.string().nullable(),
  total_success: z.number().int(),
  createdAt: z.string(),
  /** Present (true) only while the user holds a temporary password they must change. */
  must_change_password: z.literal(true).optional(),
  /** Present (true) while a back-office user must set up two-factor sign-in before anything else. */
  two_factor_setup: z.literal(true).optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserIdParams = z.object({ id: ZId });

export const ZUserDetailResponse = z.object({
  user: ZUser,
  level: z.string().nullable(),
  color: z.string().nullable(),
});
export type TUserDetailResponse = z.infer<typeof ZUserDetailResponse>;

export const ZBlastFeeResponse = z.object({ blast_fee: z.number().int() });
export type TBlastFeeResponse = z.infer<typeof ZBlastFeeResponse>;

/**
 * The profile's field messages: the Profile modal is this request's form, and speaks Indonesian (the spec's
 * English texts are the sign-up form's only).
 */
export const USER_FIELD_TEXT = {
  firstnameRequired: 'Nama depan wajib diisi.',
  lastnameRequired: 'Nama belakang wajib diisi.',
  emailRequired: 'Email wajib diisi.',
  emailInvalid: 'Format email tidak valid.',
  tooLong: (max: number) => `Maksimal ${max} karakter.`,
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: USER_FIELD_TEXT.tooLong(max) });
const interval = z.number().int().min(1).max(86_400).nullable();

/**
 * What a PUT may carry. Unknown keys (level, money, counters) are dropped by the schema; `role` and the
 * blast intervals pass the schema but the service accepts them only from the roles allowed to set them.
 */
export const ZUpdateUserRequest = z
  .object({
    firstname: optionalText(100).min(1, { error: USER_FIELD_TEXT.firstnameRequired }),
    lastname: optionalText(100).min(1, { error: USER_FIELD_TEXT.lastnameRequired }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: USER_FIELD_TEXT.emailInvalid }).max(200, { error: USER_FIELD_TEXT.tooLong(200) })),
    password: z
      .string()
      .min(6, { error: 'Password minimal 6 karakter.' })
      .max(200, { error: USER_FIELD_TEXT.tooLong(200) }),
    /** Required when a user changes their own password. */
    current_password: z.string().max(200, { error: USER_FIELD_TEXT.tooLong(200) }),
    account_bank: optionalText(100).nullable(),
    account_number: optionalText(50).nullable(),
    account_name: optionalText(100).nullable(),
    blast_interval_min: interval,
    blast_interval_max: interval,
    role: ZRole,
  })
  .partial();
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/**
 * `token` comes back when the caller changed their own password: every session signed before has ended,
 * and this one goes on with the new token.
 */
export const ZUpdateUserResponse = z.object({ user: ZUser, token: z.string().optional() });
export type TUpdateUserResponse = z.infer<typeof ZUpdateUserResponse>;
