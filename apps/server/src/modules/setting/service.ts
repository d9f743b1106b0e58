/** The single settings row (spec part 2 §9 defaults), read by every signed-in user. */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import { DEFAULT_INFO, type TSetting, type TUpdateSettingValues } from '@sewablast/contract/setting';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { readSettingsRow, type SettingsRow } from '../../db/settings-row.ts';
import { badRequest } from '../../lib/app-error.ts';
import { changedFields, pick, recordAudit } from '../../lib/audit.ts';

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

export function toPublicSetting(row: SettingsRow, timeZone: string): TSetting {
  const { created_at: _created, updated_at: _updated, ...setting } = row;
  return { ...setting, time_zone: timeZone };
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

    /**
     * The body has been parsed by ZUpdateSettingRequest: numbers checked, lists normalised to ', '. `actorId`
     * is who asked, for the audit log.
     */
    async update(values: TUpdateSettingValues, actorId: number | null = null): Promise<SettingsRow> {
      const { id } = await get();
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, id)).for('update');
        const [row] = await tx.update(settings).set(values).where(eq(settings.id, id)).returning();
        if (!before || !row) throw new Error('settings row vanished');
        // Either may have been left out: the pair is checked as stored.
        if (row.warmup_start_cap > row.daily_cap) {
          throw badRequest(SAFETY_TEXT.startCapAboveCap, { warmup_start_cap: SAFETY_TEXT.startCapAboveCap });
        }
        if (row.daily_cap > row.daily_cap_max) {
          throw badRequest(SAFETY_TEXT.capMaxBelowCap, { daily_cap_max: SAFETY_TEXT.capMaxBelowCap });
        }
        if (row.health_pause_below > row.health_slow_below) {
          throw badRequest(SAFETY_TEXT.pauseAboveSlow, { health_pause_below: SAFETY_TEXT.pauseAboveSlow });
        }
        // Only what changed: the long texts (info, the documents) are kept only when they were edited.
        const keys = Object.keys(values).filter((key) => key in row) as (keyof SettingsRow)[];
        const changed = changedFields(pick(before, keys), pick(row, keys));
        if (changed) await recordAudit(tx, { actorId, action: 'setting.updated', table: 'settings', id, ...changed });
        return row;
      });
    },
  };
}

export type SettingService = ReturnType<typeof createSettingService>;
