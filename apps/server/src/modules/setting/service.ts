/** The single settings row (spec part 2 §9 defaults), read by every signed-in user. */
import { DEFAULT_INFO, type TSetting } from '@sewablast/contract/setting';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { readSettingsRow, type SettingsRow } from '../../db/settings-row.ts';

export const DEFAULT_SETTINGS = {
  interval_min: 10,
  interval_max: 30,
  price: 100,
  bank_names: 'BCA, MANDIRI, BRI',
  colors: '#2C2C2C, #3E3A32',
  referral_percent: 0,
  info: DEFAULT_INFO,
} as const;

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function toPublicSetting(row: SettingsRow): TSetting {
  const { created_at: _created, updated_at: _updated, ...setting } = row;
  return setting;
}

export function createSettingService(db: Db) {
  /** The settings row, created with the defaults the first time anything reads it. */
  async function get(): Promise<SettingsRow> {
    const row = await readSettingsRow(db);
    if (row) return row;
    const [created] = await db.insert(settings).values(DEFAULT_SETTINGS).returning();
    if (!created) throw new Error('settings row could not be created');
    return created;
  }

  return {
    get,

    /** The body has been parsed by ZUpdateSettingRequest: numbers checked, lists normalised to ', '. */
    async update(values: Omit<TSetting, 'id'>): Promise<SettingsRow> {
      const current = await get();
      const [row] = await db.update(settings).set(values).where(eq(settings.id, current.id)).returning();
      if (!row) throw new Error('settings row vanished');
      return row;
    },
  };
}

export type SettingService = ReturnType<typeof createSettingService>;
