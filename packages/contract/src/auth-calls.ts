/**
 * /api/auth without a bearer token (spec part 1 §5, §7 Auth), one line per call (call.ts): sign-up, sign-in,
 * token validation, sign-out (the token is in the body) and password recovery. Their neighbours under the
 * same prefix: sessions-calls.ts, two-factor-calls.ts, email-confirmation-calls.ts. Schemas: auth-schemas.ts.
 * Types only from zod; loaded by the signed-out pages, so it imports nothing but the spec's texts.
 */
import type { z } from 'zod';
import type {
  TLoginAnswer,
  TRegisterResponse,
  TValidateResponse,
  ZLoginRequest,
  ZRegisterRequest,
  ZValidateRequest,
} from './auth.ts';
import type { Call } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type {
  TForgotPasswordResponse,
  TRecoveryState,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
} from './recovery.ts';
import type { TSessionMessage, ZLogoutRequest } from './sessions.ts';
import { TEXT } from './texts.ts';

export const area = '/api/auth';

/** A failure answers `success: false` with `msg` and the fields' `errors`, as the spec's sign-up form reads it. */
export const register: Call<{ body: z.input<typeof ZRegisterRequest>; answer: TRegisterResponse }> = {
  method: 'POST',
  path: `${area}/register`,
  access: 'public',
  errors: [400, 409, 429],
  fallback: TEXT.signUpFailed,
};
/** A token, or with a second factor a challenge for two-factor-calls.ts `loginSecondStep`. */
export const login: Call<{ body: z.input<typeof ZLoginRequest>; answer: TLoginAnswer }> = {
  method: 'POST',
  path: `${area}/login`,
  access: 'public',
  errors: [400, 401, 429],
  fallback: TEXT.loginFailed,
};
/** A refused token answers 401 with `isvalid: false`. */
export const validate: Call<{ body: z.input<typeof ZValidateRequest>; answer: TValidateResponse }> = {
  method: 'POST',
  path: `${area}/validate`,
  access: 'public',
  errors: [401],
  fallback: TEXT.validateFailed,
};
export const recovery: Call<{ answer: TRecoveryState }> = {
  method: 'GET',
  path: `${area}/recovery`,
  access: 'public',
  errors: [],
};
export const forgotPassword: Call<{ body: z.input<typeof ZForgotPasswordRequest>; answer: TForgotPasswordResponse }> = {
  method: 'POST',
  path: `${area}/forgot-password`,
  access: 'public',
  errors: [400, 429],
};
export const resetPassword: Call<{ body: z.input<typeof ZResetPasswordRequest>; answer: TMsgResponse }> = {
  method: 'POST',
  path: `${area}/reset-password`,
  access: 'public',
  errors: [400, 429],
};
export const logout: Call<{ body: z.input<typeof ZLogoutRequest>; answer: TSessionMessage }> = {
  method: 'POST',
  path: `${area}/logout`,
  access: 'public',
  errors: [400, 429],
};
