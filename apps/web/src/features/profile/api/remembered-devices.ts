/**
 * The caller's remembered devices: listed (GET /auth/two-factor/devices) and forgotten one by one
 * (DELETE /auth/two-factor/devices/{id}).
 */
import type { TMsgResponse } from '@sewablast/contract/errors';
import type { TRememberedDeviceList } from '@sewablast/contract/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const DEVICES_KEY = ['auth', 'two-factor', 'devices'] as const;

export function useRememberedDevices(enabled: boolean) {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: () => api<TRememberedDeviceList>('/auth/two-factor/devices'),
    enabled,
  });
}

export function useForgetDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/auth/two-factor/devices/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
