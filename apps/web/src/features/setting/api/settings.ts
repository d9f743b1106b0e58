/** GET /admin/setting/get and PUT /admin/setting/update (spec part 2 §7 Settings). */
import type { TSettingResponse, TUpdateSettingRequest } from '@sewablast/contract/setting';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEY = ['settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<TSettingResponse>('/admin/setting/get') });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingRequest) =>
      api<TSettingResponse>('/admin/setting/update', { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(KEY, answer),
  });
}
