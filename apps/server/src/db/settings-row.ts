/**
 * The settings table holds one row (DESIGN §4): the one with the lowest id, should a second ever appear.
 * Read whole, or as a value inside a larger statement so that a send records its fee and waits its
 * interval without a round trip of its own.
 */
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

export type SettingsRow = typeof settings.$inferSelect;

/** Columns a statement reads one at a time; text columns are read whole by the setting service. */
type NumericSetting =
  | 'interval_min'
  | 'interval_max'
  | 'price'
  | 'referral_percent'
  | 'daily_cap'
  | 'daily_cap_step'
  | 'daily_cap_max'
  | 'warmup_days'
  | 'warmup_start_cap'
  | 'template_repeat_days'
  | 'health_slow_below'
  | 'health_pause_below';

/** Short text columns a statement reads one at a time. */
type TextSetting = 'send_window_start' | 'send_window_end';

export async function readSettingsRow(db: Db): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return row;
}

/** One setting as a scalar subquery: null when there is no settings row yet. */
export function settingValue(column: NumericSetting): SQL<number | null> {
  return sql`(select ${settings[column]} from ${settings} order by ${settings.id} limit 1)`.mapWith(Number);
}

/** A short text setting as a scalar subquery: null when there is no settings row yet. */
export function settingText(column: TextSetting): SQL<string | null> {
  return sql<string | null>`(select ${settings[column]} from ${settings} order by ${settings.id} limit 1)`;
}
