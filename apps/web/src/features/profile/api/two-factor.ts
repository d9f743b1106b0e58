/**
 * The caller's second factor (two-factor-calls.ts): its state, set-up in two steps (setup, enable), turning
 * it off and new recovery codes. Each change reads the area again, the remembered devices with it.
 */
import type { TRecoveryCodesRequest, TTwoFactorDisableRequest } from '@sewablast/contract/two-factor';
import * as twoFactor from '@sewablast/contract/two-factor-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useTwoFactorStatus() {
  return useCall(twoFactor.status, {});
}

export function startSetup(current_password: string) {
  return call(twoFactor.setup, { body: { current_password } });
}

export function confirmSetup(code: string) {
  return call(twoFactor.enable, { body: { code } });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTwoFactorDisableRequest) => call(twoFactor.disable, { body }),
    onSettled: () => refreshArea(client, twoFactor.area),
  });
}

export function useRefreshTwoFactor() {
  const client = useQueryClient();
  return () => refreshArea(client, twoFactor.area);
}

/** New recovery codes, shown once; the count left is read again after. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecoveryCodesRequest) => call(twoFactor.recoveryCodes, { body }),
    onSettled: () => refreshArea(client, twoFactor.area),
  });
}
