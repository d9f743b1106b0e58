import type { TLoginRequest, TLoginResponse } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { ApiError, api } from '../../../lib/api.ts';

/** The spec reads `token` and `user` at the top level or under `data`, and on failure only `msg`. */
export async function login(body: TLoginRequest): Promise<TLoginResponse> {
  let answer: Partial<TLoginResponse> & { data?: TLoginResponse };
  try {
    answer = await api('/auth/login', { body, anonymous: true, fallback: TEXT.loginFailed });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      const msg = error.body.msg;
      throw new ApiError(error.status, typeof msg === 'string' && msg ? msg : TEXT.loginFailed);
    }
    throw error;
  }
  const token = answer.token ?? answer.data?.token;
  const user = answer.user ?? answer.data?.user;
  if (!token || !user) throw new Error(TEXT.loginFailed);
  return { token, user };
}
