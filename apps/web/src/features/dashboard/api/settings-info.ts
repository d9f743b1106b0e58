import { useSettingsQuery } from '../../../lib/settings-query.ts';

/** The announcement of the settings, for the marquee. */
export const useAnnouncement = () => useSettingsQuery((answer) => answer.setting.info);
