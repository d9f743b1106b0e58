/**
 * Two-factor sign-in (TOTP, RFC 6238): the sign-in's second step, the profile's set-up, confirmation and
 * disabling, and the admin's reset of a user's second factor.
 */
import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';
import { schemasOf } from './call-schemas.ts';
import { ZMsgResponse } from './errors.ts';
import { pageOf, ZIdParams } from './paging.ts';
import type * as calls from './two-factor-calls.ts';
import { TWO_FACTOR_TEXT } from './two-factor-text.ts';

/** Six digits from the app, or a recovery code (`xxxxx-xxxxx`); spaces and dashes typed along are ignored. */
const ZCode = z
  .string({ error: TWO_FACTOR_TEXT.codeRequired })
  .max(64)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, { error: TWO_FACTOR_TEXT.codeRequired }));

export const ZTwoFactorLoginRequest = z.object({
  challenge: z.string().min(1).max(200),
  code: ZCode,
  /** "Ingat perangkat ini 30 hari": the answer carries a device token for the next sign-ins. */
  remember_device: z.boolean().optional(),
});
export type TTwoFactorLoginRequest = z.infer<typeof ZTwoFactorLoginRequest>;

export const ZTwoFactorLoginResponse = ZLoginResponse.extend({ device_token: z.string().optional() });
export type TTwoFactorLoginResponse = z.infer<typeof ZTwoFactorLoginResponse>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The caller's role must have it (TWO_FACTOR_REQUIRED): it cannot be turned off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetupRequest = z.object({
  current_password: z.string({ error: TWO_FACTOR_TEXT.passwordRequired }).min(1, {
    error: TWO_FACTOR_TEXT.passwordRequired,
  }),
});
export type TTwoFactorSetupRequest = z.infer<typeof ZTwoFactorSetupRequest>;

/** Shown once, at set-up: the secret for a manual entry and the otpauth:// URI the QR code carries. */
export const ZTwoFactorSetupResponse = z.object({ secret: z.string(), uri: z.string() });
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

export const ZTwoFactorEnableRequest = z.object({ code: ZCode });
export type TTwoFactorEnableRequest = z.infer<typeof ZTwoFactorEnableRequest>;

/** The recovery codes, in the clear this once only. */
export const ZTwoFactorEnableResponse = z.object({ msg: z.string(), recovery_codes: z.array(z.string()) });
export type TTwoFactorEnableResponse = z.infer<typeof ZTwoFactorEnableResponse>;

export const ZTwoFactorDisableRequest = ZTwoFactorSetupRequest.extend({ code: ZCode });
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/**
 * New recovery codes: the current password, or a code of the authenticator app (a recovery code is not
 * enough to replace them all). One of the two.
 */
export const ZRecoveryCodesRequest = z
  .object({
    current_password: z.string().max(200).optional(),
    code: z
      .string()
      .max(64)
      .transform((code) => code.replace(/\s/g, ''))
      .optional(),
  })
  .refine((body) => Boolean(body.current_password) || Boolean(body.code), {
    error: TWO_FACTOR_TEXT.proofRequired,
    path: ['current_password'],
  });
export type TRecoveryCodesRequest = z.input<typeof ZRecoveryCodesRequest>;

export const ZRememberedDevice = z.object({
  id: z.number().int(),
  user_agent: z.string(),
  address: z.string(),
  created_at: z.string(),
  /** The last sign-in that skipped the second step on it; null before the first. */
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
});
export type TRememberedDevice = z.infer<typeof ZRememberedDevice>;

export const ZRememberedDeviceList = z.object({ list: z.array(ZRememberedDevice) });
export type TRememberedDeviceList = z.infer<typeof ZRememberedDeviceList>;

/** A staff, admin or dev user as the back-office list shows them to a manager. */
export const ZBackOfficeUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(['staff', 'admin', 'dev']),
  two_factor: z.boolean(),
  /** Whether the caller may reset this user's second factor (a dev anyone's, an admin staff's; never their own). */
  two_factor_resettable: z.boolean(),
  last_seen_at: z.string().nullable(),
});
export type TBackOfficeUser = z.infer<typeof ZBackOfficeUser>;

export const ZBackOfficeUserPage = pageOf(ZBackOfficeUser);
export type TBackOfficeUserPage = z.infer<typeof ZBackOfficeUserPage>;

/** The sign-in's second-step form: the challenge travels beside it. */
export const ZTwoFactorCodeForm = z.object({ code: ZCode, remember_device: z.boolean() });
export type TTwoFactorCodeForm = z.infer<typeof ZTwoFactorCodeForm>;

/** What the server checks of each call in two-factor-calls.ts. */
export const TWO_FACTOR_SCHEMAS = schemasOf<typeof calls>()(['auth'], {
  loginSecondStep: {
    summary: 'Second step of a sign-in: the challenge and a TOTP or recovery code give the token',
    body: ZTwoFactorLoginRequest,
    response: { 200: ZTwoFactorLoginResponse.or(ZLoginResponse) },
  },
  status: {
    summary: "The caller's second factor: on or off, required, recovery codes left",
    response: { 200: ZTwoFactorStatus },
  },
  setup: {
    summary: 'Start setting up a second factor (current password): a new secret and its otpauth URI, once',
    body: ZTwoFactorSetupRequest,
    response: { 200: ZTwoFactorSetupResponse },
  },
  enable: {
    summary: 'Confirm the new secret with a code: the second factor is on; the recovery codes, once',
    body: ZTwoFactorEnableRequest,
    response: { 200: ZTwoFactorEnableResponse },
  },
  disable: {
    summary: 'Turn the second factor off (current password and a code); refused where the role requires it',
    body: ZTwoFactorDisableRequest,
    response: { 200: ZMsgResponse },
  },
  recoveryCodes: {
    summary: 'New recovery codes (current password or an app code), shown once; the old ones stop working',
    body: ZRecoveryCodesRequest,
    response: { 200: ZTwoFactorEnableResponse },
  },
  devices: {
    summary: "The caller's remembered devices: which, when remembered, last used",
    response: { 200: ZRememberedDeviceList },
  },
  forgetDevice: {
    summary: 'Forget one remembered device: its next sign-in asks for the code again',
    params: ZIdParams,
    response: { 200: ZMsgResponse },
  },
});
