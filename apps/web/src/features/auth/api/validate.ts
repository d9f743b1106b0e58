import type { TValidateResponse } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function validateToken(token: string): Promise<TValidateResponse> {
  return api<TValidateResponse>('/auth/validate', { body: { token }, anonymous: true, fallback: TEXT.validateFailed });
}

export function useValidateToken(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'validate', token],
    queryFn: () => validateToken(token ?? ''),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
