/** Recovery calls, all without a token: whether mail is configured, the link request and the reset. */

import type { TMsgResponse } from '@sewablast/contract/errors';
import type {
  TForgotPasswordRequest,
  TForgotPasswordResponse,
  TRecoveryState,
  TResetPasswordRequest,
} from '@sewablast/contract/recovery';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useRecoveryState() {
  return useQuery({
    queryKey: ['auth', 'recovery'],
    queryFn: () => api<TRecoveryState>('/auth/recovery', { anonymous: true }),
    staleTime: 5 * 60_000,
  });
}

export function requestResetLink(body: TForgotPasswordRequest): Promise<TForgotPasswordResponse> {
  return api<TForgotPasswordResponse>('/auth/forgot-password', { body, anonymous: true });
}

export function resetPassword(body: TResetPasswordRequest): Promise<TMsgResponse> {
  return api<TMsgResponse>('/auth/reset-password', { body, anonymous: true });
}
