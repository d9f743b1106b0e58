/**
 * The settings (GET /admin/setting/get), read under one key by every screen that shows a part of them, so
 * that one read serves them all and a save (features/setting) refreshes each.
 */
import type { TSettingResponse } from '@sewablast/contract/setting';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const SETTINGS_KEY = ['settings'] as const;

/** The settings, or the part of them `select` picks. */
export function useSettingsQuery<T = TSettingResponse>(select?: (answer: TSettingResponse) => T) {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api<TSettingResponse>('/admin/setting/get'), select });
}
