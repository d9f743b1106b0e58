import type { TRegisterRequest, TRegisterResponse } from '@sewablast/contract/auth';
import * as auth from '@sewablast/contract/auth-calls';
import { call } from '../../../lib/api.ts';

export function register(body: TRegisterRequest): Promise<TRegisterResponse> {
  return call(auth.register, { body });
}
