import type { TLoginRequest, TLoginResponse } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { api } from '../../../lib/api.ts';

/** The spec reads `token` and `user` at the top level or under `data`. */
export async function login(body: TLoginRequest): Promise<TLoginResponse> {
  const answer = await api<Partial<TLoginResponse> & { data?: TLoginResponse }>('/auth/login', {
    body,
    anonymous: true,
    fallback: TEXT.loginFailed,
  });
  const token = answer.token ?? answer.data?.token;
  const user = answer.user ?? answer.data?.user;
  if (!token || !user) throw new Error(TEXT.loginFailed);
  return { token, user };
}
