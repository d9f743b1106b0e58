/**
 * Keeps accounts' health (health.ts) on their rows, so that every send reads it with its account for nothing:
 * the host refreshes the accounts it holds in its housekeeping round, HEALTH_BATCH stalest first, each every
 * HEALTH_REFRESH_MS; a blast its own when it is due sooner (blast-loop.ts); a bad signal recorded (a restriction, a drop,
 * a ban: account-events.ts) makes the account's due at once, so its row shows it within a round. A refresh of
 * many accounts is two statements: their signals (health-signals.ts), then their scores written back. A change of the pacing decision is logged to the account's event log, once:
 * the write is conditional on the row as it was read, so two refreshers racing log it once, and a bad signal
 * recorded meanwhile leaves the account due.
 */
import type { TAccountEventKind } from '@sewablast/contract/account-events';
import type { TAccountExtras } from '@sewablast/contract/live';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { readSettingsRow } from '../../db/settings-row.ts';
import { recordAccountEvent } from '../../rules/safety/account-events.ts';
import { DEFAULT_HEALTH_THRESHOLDS, DEFAULT_SAFETY } from '../../rules/safety/defaults.ts';
import { type HealthState, type HealthThresholds, healthPace, healthScore } from '../../rules/safety/health.ts';
import { readSignals, signals } from '../../rules/safety/health-signals.ts';
import { type PolicyClock, safetyView, sendPolicy } from '../../rules/safety/send-policy.ts';
import { type AccountRow, accountById } from '../account-read.ts';

export const HEALTH_REFRESH_MS = 5 * 60_000;
/** Accounts a housekeeping round refreshes at most (a round every 10 s: 3,000 a minute). */
export const HEALTH_BATCH = 500;

interface Scored {
  id: number;
  health: number;
  before: number;
  state: HealthState;
  was: { health: number; state: string; at: string | null };
}

/** The decision a change of state (or of health while slowed) logs, if any. */
function decision(scored: Scored, thresholds: HealthThresholds): [TAccountEventKind, Record<string, unknown>] | null {
  const { health, state, was } = scored;
  const pace = healthPace(health, thresholds);
  if (state === 'paused') {
    return was.state === 'paused' ? null : ['health_paused', { health, threshold: thresholds.health_pause_below }];
  }
  if (was.state === 'paused' || (state === 'ok' && was.state !== 'ok')) {
    return ['health_resumed', { health, state, stretch: pace.stretch, cap_share: pace.capShare }];
  }
  if (state === 'slowed' && (was.state !== 'slowed' || was.health !== health)) {
    return ['health_slowed', { health, stretch: pace.stretch, cap_share: pace.capShare }];
  }
  return null;
}

export interface HealthClock {
  now: Date;
  /** Off (ACCOUNT_SAFETY=off): health is still computed and shown, but nothing is decided on it. */
  enforce: boolean;
}

/**
 * Computes the accounts' health at `clock.now`, writes it to their rows and logs each change of the pacing
 * decision. Answers the rows whose health, trend or state changed (for their live events).
 */
export async function refreshHealth(db: Db, ids: number[], clock: HealthClock): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  const settings = await readSettingsRow(db);
  const thresholds: HealthThresholds = {
    health_slow_below: settings?.health_slow_below ?? 0,
    health_pause_below: settings?.health_pause_below ?? 0,
  };
  const scored: Scored[] = (await readSignals(db, ids, clock.now)).map((row) => {
    const health = healthScore(signals(row.events_now, row.logs_now));
    return {
      id: row.id,
      health,
      before: healthScore(signals(row.events_before, row.logs_before)),
      state: clock.enforce ? healthPace(health, thresholds).state : 'ok',
      was: {
        health: row.health,
        state: row.health_state,
        at: row.health_at === null ? null : new Date(row.health_at).toISOString(),
      },
    };
  });
  if (scored.length === 0) return [];
  const column = <T>(pick: (row: Scored) => T) => sql.param(scored.map(pick));
  const result = await db.execute(sql`
    update ${whatsappAccounts} a set health = v.health, health_before = v.before, health_state = v.state,
      health_at = ${clock.now.toISOString()}
    from unnest(${column((s) => s.id)}::int[], ${column((s) => s.health)}::int[], ${column((s) => s.before)}::int[],
      ${column((s) => s.state)}::varchar[], ${column((s) => s.was.health)}::int[],
      ${column((s) => s.was.state)}::varchar[], ${column((s) => s.was.at)}::timestamptz[])
      as v(id, health, before, state, was_health, was_state, was_at)
    where a.id = v.id and a.health = v.was_health and a.health_state = v.was_state
      and a.health_at is not distinct from v.was_at
    returning a.id`);
  const written = new Map(
    (result as unknown as { rows: { id: number }[] }).rows.map((row) => [Number(row.id), true] as const),
  );
  const changed: number[] = [];
  for (const row of scored) {
    if (!written.has(row.id)) continue;
    const made = decision(row, thresholds);
    if (made) await recordAccountEvent(db, row.id, made[0], { detail: made[1], at: clock.now });
    if (row.health !== row.was.health || row.state !== row.was.state) changed.push(row.id);
  }
  if (changed.length === 0) return [];
  return db
    .select()
    .from(whatsappAccounts)
    .where(sql`${whatsappAccounts.id} in (select unnest(${sql.param(changed)}::int[]))`);
}

/**
 * What the live `health` event of each changed account carries: its health and the safety figures its health
 * moves (the day's cap), as its row would show them. Not when or why a blast waits: the blast says that.
 */
export async function healthFigures(
  db: Db,
  rows: AccountRow[],
  clock: PolicyClock,
): Promise<[AccountRow, TAccountExtras['health']][]> {
  if (rows.length === 0) return [];
  const settings = await readSettingsRow(db);
  const thresholds = settings ?? DEFAULT_HEALTH_THRESHOLDS;
  return rows.map((row) => {
    const health = { score: row.health, before: row.health_before, thresholds };
    const {
      resume_at: _resume,
      wait_reason: _reason,
      ...figures
    } = safetyView(sendPolicy(row, settings ?? DEFAULT_SAFETY, clock, health));
    return [row, figures];
  });
}

/**
 * The account with its health computed lately: since its last bad signal (recording one made it due,
 * account-events.ts), and at most twice HEALTH_REFRESH_MS ago (the host refreshes it every HEALTH_REFRESH_MS;
 * this is for a host that fell behind: the blast asks before each send). With the safety rule off nothing is
 * decided on it: the host's is enough.
 */
export async function withRecentHealth(db: Db, account: AccountRow, clock: HealthClock): Promise<AccountRow> {
  const age = account.health_at ? clock.now.getTime() - account.health_at.getTime() : Number.POSITIVE_INFINITY;
  if (!clock.enforce || (age >= 0 && age < 2 * HEALTH_REFRESH_MS)) return account;
  await refreshHealth(db, [account.id], clock);
  return (await accountById(db, account.id)) ?? account;
}

/** This worker's held accounts whose health is older than HEALTH_REFRESH_MS, stalest first. */
export async function staleHealth(db: Db, workerId: string, now: Date): Promise<number[]> {
  const due = new Date(now.getTime() - HEALTH_REFRESH_MS).toISOString();
  const rows = await db
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(
      sql`${whatsappAccounts.owner_id} = ${workerId} and (${whatsappAccounts.health_at} is null or ${whatsappAccounts.health_at} < ${due})`,
    )
    .orderBy(sql`${whatsappAccounts.health_at} asc nulls first`)
    .limit(HEALTH_BATCH);
  return rows.map((row) => row.id);
}
