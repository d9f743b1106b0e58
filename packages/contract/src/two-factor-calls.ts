/**
 * Two-factor sign-in under /api/auth (issue 21), one line per call (call.ts): the sign-in's second step
 * (public: the challenge is the credential), the caller's own second factor and remembered devices. The
 * managers' reset is users-calls.ts `resetTwoFactor`. Schemas: two-factor.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZIdParams } from './paging.ts';
import { TEXT } from './texts.ts';
import type {
  TRememberedDeviceList,
  TTwoFactorEnableResponse,
  TTwoFactorLoginResponse,
  TTwoFactorSetupResponse,
  TTwoFactorStatus,
  ZRecoveryCodesRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorLoginRequest,
  ZTwoFactorSetupRequest,
} from './two-factor.ts';

export const area = '/api/auth/two-factor';
/** A wrong code is 401, a challenge gone 404, a factor already on 409, too many tries 429. */
const FAILURES = [400, 401, 403, 404, 409, 429] as const;
const DEVICE_FAILURES = [400, 401, 403, 404] as const;

export const loginSecondStep: Call<{ body: z.input<typeof ZTwoFactorLoginRequest>; answer: TTwoFactorLoginResponse }> =
  {
    method: 'POST',
    path: '/api/auth/login/two-factor',
    access: 'public',
    errors: FAILURES,
    fallback: TEXT.loginFailed,
  };
export const status: Call<{ answer: TTwoFactorStatus }> = {
  method: 'GET',
  path: area,
  access: 'everyone',
  errors: FAILURES,
};
export const setup: Call<{ body: z.input<typeof ZTwoFactorSetupRequest>; answer: TTwoFactorSetupResponse }> = {
  method: 'POST',
  path: `${area}/setup`,
  access: 'everyone',
  errors: FAILURES,
};
export const enable: Call<{ body: z.input<typeof ZTwoFactorEnableRequest>; answer: TTwoFactorEnableResponse }> = {
  method: 'POST',
  path: `${area}/enable`,
  access: 'everyone',
  errors: FAILURES,
};
export const disable: Call<{ body: z.input<typeof ZTwoFactorDisableRequest>; answer: TMsgResponse }> = {
  method: 'POST',
  path: `${area}/disable`,
  access: 'everyone',
  errors: FAILURES,
};
export const recoveryCodes: Call<{ body: z.input<typeof ZRecoveryCodesRequest>; answer: TTwoFactorEnableResponse }> = {
  method: 'POST',
  path: `${area}/recovery-codes`,
  access: 'everyone',
  errors: FAILURES,
};
export const devices: Call<{ answer: TRememberedDeviceList }> = {
  method: 'GET',
  path: `${area}/devices`,
  access: 'everyone',
  errors: DEVICE_FAILURES,
};
export const forgetDevice: Call<{ params: z.input<typeof ZIdParams>; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/devices/:id`,
  access: 'everyone',
  errors: DEVICE_FAILURES,
};
