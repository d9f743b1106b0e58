import type { TSettingResponse } from '@sewablast/contract/setting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The announcement of the settings, for the marquee. */
export function useAnnouncement() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => api<TSettingResponse>('/admin/setting/get'),
    select: (answer) => answer.setting.info,
  });
}
