/** The caller's remembered devices (two-factor-calls.ts): listed, and forgotten one by one. */
import * as twoFactor from '@sewablast/contract/two-factor-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useRememberedDevices(enabled: boolean) {
  return useCall(twoFactor.devices, {}, { enabled });
}

export function useForgetDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(twoFactor.forgetDevice, { params: { id } }),
    onSettled: () => refreshArea(client, twoFactor.devices.path),
  });
}
