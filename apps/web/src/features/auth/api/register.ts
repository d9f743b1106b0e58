import type { TRegisterRequest, TRegisterResponse } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { api } from '../../../lib/api.ts';

export function register(body: TRegisterRequest): Promise<TRegisterResponse> {
  return api<TRegisterResponse>('/auth/register', { body, anonymous: true, fallback: TEXT.signUpFailed });
}
