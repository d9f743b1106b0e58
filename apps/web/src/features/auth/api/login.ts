import type { TLoginAnswer, TLoginRequest } from '@sewablast/contract/auth';
import * as auth from '@sewablast/contract/auth-calls';
import { TEXT } from '@sewablast/contract/texts';
import type { TTwoFactorLoginRequest, TTwoFactorLoginResponse } from '@sewablast/contract/two-factor';
import * as twoFactor from '@sewablast/contract/two-factor-calls';
import type { TUser } from '@sewablast/contract/users';
import { ApiError, call } from '../../../lib/api.ts';
import { rememberDevice, rememberedDevice } from '../../../lib/remembered-device.ts';

export type SignInStep = { token: string; user: TUser } | { challenge: string };

/** A failure as the sign-in form shows it: the server's message, or the spec's one. */
async function asSignInFailure<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      const msg = error.body.msg;
      throw new ApiError(error.status, typeof msg === 'string' && msg ? msg : TEXT.loginFailed);
    }
    throw error;
  }
}

/**
 * The spec reads `token` and `user` at the top level or under `data`, and on failure only `msg`. An account
 * with a second factor answers a challenge instead, unless this browser is remembered for it.
 */
export async function login(body: TLoginRequest): Promise<SignInStep> {
  const device_token = rememberedDevice(body.email);
  const answer: Partial<TLoginAnswer> & { data?: TLoginAnswer } = await asSignInFailure(
    call(auth.login, { body: { ...body, ...(device_token ? { device_token } : {}) } }),
  );
  if ('challenge' in answer && typeof answer.challenge === 'string') return { challenge: answer.challenge };
  const data = answer.data && 'token' in answer.data ? answer.data : undefined;
  const token = ('token' in answer ? answer.token : undefined) ?? data?.token;
  const user = ('user' in answer ? answer.user : undefined) ?? data?.user;
  if (!token || !user) throw new Error(TEXT.loginFailed);
  return { token, user };
}

/** The second step; a remembered device's token is kept for the email signed in with. */
export async function loginSecondStep(email: string, body: TTwoFactorLoginRequest): Promise<TTwoFactorLoginResponse> {
  const answer = await asSignInFailure(call(twoFactor.loginSecondStep, { body }));
  if (answer.device_token) rememberDevice(email, answer.device_token);
  return answer;
}
