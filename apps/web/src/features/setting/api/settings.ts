/** GET /admin/setting/get and PUT /admin/setting/update (spec part 2 §7 Settings). */
import type { TUpdateSettingRequest } from '@sewablast/contract/setting';
import * as setting from '@sewablast/contract/setting-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { SETTINGS_KEY, useSettingsQuery } from '../../../lib/settings-query.ts';

export const useSettings = () => useSettingsQuery();

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateSettingRequest) => call(setting.update, { body }),
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer),
  });
}
