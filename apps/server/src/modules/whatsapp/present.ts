/**
 * An account as the API and its screens show it: the row's public fields and its safety figures today
 * (rules/safety/send-policy.ts; its health as last computed, engine/safety/health-read.ts; the long pause its blast is in,
 * rules/safety/send-spread.ts), from the settings read once per answer. Credentials never leave the server.
 */
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import type { Db } from '../../db/client.ts';
import type { whatsappAccounts } from '../../db/schema.ts';
import { readSettingsRow } from '../../db/settings-row.ts';
import { DEFAULT_HEALTH_THRESHOLDS, DEFAULT_SAFETY } from '../../rules/safety/defaults.ts';
import type { HealthThresholds } from '../../rules/safety/health.ts';
import { type SafetySettings, type SafetyView, safetyView, sendPolicy } from '../../rules/safety/send-policy.ts';
import { withSpread } from '../../rules/safety/send-spread.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export function toPublicWhatsapp(row: AccountRow, safety: SafetyView): TWhatsapp {
  return {
    id: row.id,
    clientid: row.clientid,
    user_id: row.user_id,
    phonenumber: row.phonenumber,
    pushname: row.pushname,
    server: row.server,
    proxyId: row.proxy_id ?? -1,
    state: row.state,
    status: row.status as TWhatsapp['status'],
    blasting: row.blasting,
    sending_enabled: row.sending_enabled,
    interval_min: row.interval_min,
    interval_max: row.interval_max,
    count_success: row.count_success,
    count_fail: row.count_fail,
    count_delivered: row.count_delivered,
    income: row.income,
    suspended: row.suspended,
    suspended_count: row.suspended_count,
    limited_until: row.limited_until?.toISOString() ?? null,
    ...safety,
    // Only a blast waits: an account not blasting is not waiting for anything, but hours that never open
    // are said on the row before a blast is started into them.
    ...(row.blasting || safety.wait_reason === 'no_hours' ? {} : { resume_at: null, wait_reason: null }),
    member_daily_cap: row.member_daily_cap,
    member_window_start: row.member_window_start,
    member_window_end: row.member_window_end,
    createdAt: row.created_at.toISOString(),
  };
}

export function createPresenter(db: Db, clock: { timeZone: string; enforce: boolean; now?: () => Date }) {
  async function many(rows: AccountRow[]): Promise<TWhatsapp[]> {
    const row = rows.length > 0 ? await readSettingsRow(db) : undefined;
    const settings: SafetySettings = row ?? DEFAULT_SAFETY;
    const thresholds: HealthThresholds = row ?? DEFAULT_HEALTH_THRESHOLDS;
    const policy = { timeZone: clock.timeZone, enforce: clock.enforce, now: clock.now?.() ?? new Date() };
    return rows.map((account) => {
      const health = { score: account.health, before: account.health_before, thresholds };
      const view = safetyView(sendPolicy(account, settings, policy, health));
      return toPublicWhatsapp(account, withSpread(view, account.spread_until, policy.now));
    });
  }
  return {
    many,
    async one(row: AccountRow): Promise<TWhatsapp> {
      const [account] = await many([row]);
      if (!account) throw new Error('an account presented as nothing');
      return account;
    },
  };
}
