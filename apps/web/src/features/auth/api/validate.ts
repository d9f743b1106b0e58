import type { TValidateResponse } from '@sewablast/contract/auth';
import * as auth from '@sewablast/contract/auth-calls';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { keyOf } from '../../../lib/use-call.ts';

export function validateToken(token: string): Promise<TValidateResponse> {
  return call(auth.validate, { body: { token } });
}

/** Keyed by the token too: the call's key holds no body. */
export function useValidateToken(token: string | null) {
  return useQuery({
    queryKey: [...keyOf(auth.validate), token],
    queryFn: () => validateToken(token ?? ''),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
