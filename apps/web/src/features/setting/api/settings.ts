/** GET /admin/setting/get and PUT /admin/setting/update (spec part 2 §7 Settings). */
import type { TSettingResponse, TUpdateSettingRequest } from '@sewablast/contract/setting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { SETTINGS_KEY, useSettingsQuery } from '../../../lib/settings-query.ts';

export const useSettings = () => useSettingsQuery();

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingRequest) =>
      api<TSettingResponse>('/admin/setting/update', { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer),
  });
}
