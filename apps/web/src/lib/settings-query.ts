/**
 * The settings (GET /admin/setting/get), read by their call by every screen that shows a part of them, so
 * that one read serves them all and a save (features/setting) refreshes each.
 */
import type { TSettingResponse } from '@sewablast/contract/setting';
import * as setting from '@sewablast/contract/setting-calls';
import { keyOf, useCall } from './use-call.ts';

export const SETTINGS_KEY = keyOf(setting.get);

/** The settings, or the part of them `select` picks. */
export function useSettingsQuery<T = TSettingResponse>(select?: (answer: TSettingResponse) => T) {
  return useCall(setting.get, {}, { select });
}
