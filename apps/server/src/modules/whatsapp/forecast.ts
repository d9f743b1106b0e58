/**
 * What a member's accounts may earn in a sending day (issue 23 item 3): an account limited to 50 a day
 * forecasts 50 sends, not the service's 200. Each connected account that may blast sends the fewest of its
 * cap today (the service's, lowered by warm-up and by the member's own terms) and what its open hours (the
 * service's and the member's in common) fit at the average of its interval; each send earns the member's fee.
 * Nothing is forecast for sends that fail, as nothing is known of them in advance.
 */
import type { TIncomeForecast } from '@sewablast/contract/dashboard';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { readSettingsRow } from '../../db/settings-row.ts';
import { blastFeeOf } from '../../ledger/fee.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { DEFAULT_SAFETY, paceOf } from '../../rules/safety/defaults.ts';
import { minutesOpen, sendingHours } from '../../rules/safety/member-terms.ts';
import { sendPolicy } from '../../rules/safety/send-policy.ts';
import { blastIntervalOf } from '../users/users-read.ts';

const DAY_MINUTES = 24 * 60;

export function createForecast(db: Db, clock: { timeZone: string; enforce: boolean; now?: () => Date }) {
  return async function forecast(actor: Actor, userId: number): Promise<TIncomeForecast> {
    requireAccess(actor, { owner: userId });
    const owner = await blastIntervalOf(db, userId);
    const rows = await db
      .select()
      .from(whatsappAccounts)
      .where(
        and(
          eq(whatsappAccounts.user_id, userId),
          isNotNull(whatsappAccounts.phonenumber),
          eq(whatsappAccounts.state, 'connected'),
          eq(whatsappAccounts.suspended, false),
          eq(whatsappAccounts.sending_enabled, true),
        ),
      )
      .limit(1000);
    const service = await readSettingsRow(db);
    const safety = service ?? DEFAULT_SAFETY;
    const fee = (await blastFeeOf(db, userId)) ?? 0;
    const now = clock.now?.() ?? new Date();
    const accounts = rows.map((account) => {
      const verdict = sendPolicy(account, safety, { timeZone: clock.timeZone, enforce: clock.enforce, now });
      const hours = sendingHours(safety.send_window_start, safety.send_window_end, account);
      const open_minutes = clock.enforce ? minutesOpen(hours) : DAY_MINUTES;
      const pace = paceOf(
        [account.interval_min, account.interval_max],
        [owner.min, owner.max],
        [service?.interval_min, service?.interval_max],
      );
      const fits = Math.floor((open_minutes * 60) / Math.max(1, (pace.min + pace.max) / 2));
      const sends = clock.enforce ? Math.min(verdict.daily_cap, fits) : fits;
      return {
        id: account.id,
        clientid: account.clientid,
        daily_cap: verdict.daily_cap,
        open_minutes,
        sends,
        income: sends * fee,
      };
    });
    return { daily_income: accounts.reduce((sum, account) => sum + account.income, 0), fee, accounts };
  };
}
