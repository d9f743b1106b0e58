/**
 * The caller's second factor: its state (GET /auth/two-factor), set-up in two steps (…/setup, …/enable)
 * turning it off (…/disable) and new recovery codes (…/recovery-codes).
 */
import type { TMsgResponse } from '@sewablast/contract/errors';
import type {
  TRecoveryCodesRequest,
  TTwoFactorDisableRequest,
  TTwoFactorEnableResponse,
  TTwoFactorSetupResponse,
  TTwoFactorStatus,
} from '@sewablast/contract/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const STATUS_KEY = ['auth', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => api<TTwoFactorStatus>('/auth/two-factor') });
}

export function startSetup(current_password: string): Promise<TTwoFactorSetupResponse> {
  return api<TTwoFactorSetupResponse>('/auth/two-factor/setup', { body: { current_password } });
}

export function confirmSetup(code: string): Promise<TTwoFactorEnableResponse> {
  return api<TTwoFactorEnableResponse>('/auth/two-factor/enable', { body: { code } });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorDisableRequest) => api<TMsgResponse>('/auth/two-factor/disable', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useRefreshTwoFactor() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: STATUS_KEY });
}

/** New recovery codes, shown once; the count left is read again after. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecoveryCodesRequest) =>
      api<TTwoFactorEnableResponse>('/auth/two-factor/recovery-codes', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
