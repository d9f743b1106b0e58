/** Recovery calls, all without a token: whether mail is configured, the link request and the reset. */

import * as auth from '@sewablast/contract/auth-calls';
import type { TForgotPasswordRequest, TResetPasswordRequest } from '@sewablast/contract/recovery';
import { call } from '../../../lib/api.ts';
import { useCall } from '../../../lib/use-call.ts';

export function useRecoveryState() {
  return useCall(auth.recovery, {}, { staleTime: 5 * 60_000 });
}

export function requestResetLink(body: TForgotPasswordRequest) {
  return call(auth.forgotPassword, { body });
}

export function resetPassword(body: TResetPasswordRequest) {
  return call(auth.resetPassword, { body });
}
