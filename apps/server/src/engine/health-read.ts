/**
 * Keeps accounts' health (health.ts) on their rows, so that every send reads it with its account for nothing:
 * a blast refreshes its own account's every HEALTH_REFRESH_MS of its clock, the host the rest of the accounts
 * it holds in its housekeeping round, HEALTH_BATCH stalest first; a bad signal recorded (a restriction, a drop,
 * a ban: account-events.ts) makes the account's due at once, so its row shows it within a round. A refresh of
 * many accounts is two statements: their signals over HEALTH_WINDOW_HOURS + HEALTH_TREND_HOURS (the event
 * log's and the message logs' (account, time) indexes: at a 200 a day cap, a few hundred rows an account),
 * then their scores written back. A change of the pacing decision is logged to the account's event log, once:
 * the write is conditional on the row as it was read, so two refreshers racing log it once, and a bad signal
 * recorded meanwhile leaves the account due.
 */
import type { TAccountEventKind } from '@sewablast/contract/account-events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountEvents, messageLogs, whatsappAccounts } from '../db/schema.ts';
import { readSettingsRow } from '../db/settings-row.ts';
import { recordAccountEvent } from './account-events.ts';
import type { AccountRow } from './account-read.ts';
import {
  HEALTH_TREND_HOURS,
  HEALTH_WINDOW_HOURS,
  type HealthSignals,
  type HealthState,
  type HealthThresholds,
  healthPace,
  healthScore,
  LAG_MINUTES,
} from './health.ts';
import { RATE_LIMITED } from './retry.ts';

export const HEALTH_REFRESH_MS = 5 * 60_000;
/** Accounts a housekeeping round refreshes at most (a round every 10 s: 3,000 a minute). */
export const HEALTH_BATCH = 500;

const HOUR = 3_600_000;

/**
 * The signals of each account for the window ending `end`, as SQL aggregates over both tables. The current
 * window (`current`) has no end: an event recorded in the same millisecond as the refresh (the database's clock
 * is finer than ours) is counted now, not five minutes later.
 */
function signalColumns(end: Date, current: boolean) {
  const from = new Date(end.getTime() - HEALTH_WINDOW_HOURS * HOUR).toISOString();
  const to = end.toISOString();
  const settled = new Date(end.getTime() - LAG_MINUTES * 60_000).toISOString();
  const inEvents = current ? sql`e.at > ${from}` : sql`e.at > ${from} and e.at <= ${to}`;
  const inLogs = current ? sql`m.sent_at > ${from}` : sql`m.sent_at > ${from} and m.sent_at <= ${to}`;
  return {
    events: sql`count(*) filter (where ${inEvents} and e.kind = 'restricted' and e.code is distinct from ${RATE_LIMITED}),
      count(*) filter (where ${inEvents} and e.kind = 'restricted' and e.code = ${RATE_LIMITED}),
      count(*) filter (where ${inEvents} and e.kind = 'disconnected'),
      count(*) filter (where ${inEvents} and e.kind = 'temp_banned'),
      count(*) filter (where ${inEvents} and e.kind = 'suspended')`,
    logs: sql`count(*) filter (where ${inLogs}),
      count(*) filter (where ${inLogs} and m.sent_at <= ${settled}),
      count(*) filter (where ${inLogs} and m.sent_at <= ${settled} and m.delivered_at is null),
      count(*) filter (where ${inLogs} and m.read_at is not null),
      count(*) filter (where ${inLogs} and m.replied_at is not null),
      count(*) filter (where ${inLogs} and m.stopped_at is not null)`,
  };
}

const EVENT_FIELDS = ['restricted', 'rateLimited', 'disconnects', 'tempBans', 'suspensions'] as const;
const LOG_FIELDS = ['sent', 'settled', 'lagging', 'read', 'replied', 'stopped'] as const;

interface SignalRow {
  id: number;
  health: number;
  health_state: string;
  health_at: Date | string | null;
  events_now: number[] | null;
  events_before: number[] | null;
  logs_now: number[] | null;
  logs_before: number[] | null;
}

function signals(events: number[] | null, logs: number[] | null): HealthSignals {
  const entries = [
    ...EVENT_FIELDS.map((field, i) => [field, Number(events?.[i] ?? 0)]),
    ...LOG_FIELDS.map((field, i) => [field, Number(logs?.[i] ?? 0)]),
  ];
  return Object.fromEntries(entries) as unknown as HealthSignals;
}

/** Each account's signals now and HEALTH_TREND_HOURS earlier, with its health as stored. */
async function readSignals(db: Db, ids: number[], now: Date): Promise<SignalRow[]> {
  const earlier = new Date(now.getTime() - HEALTH_TREND_HOURS * HOUR);
  const since = new Date(earlier.getTime() - HEALTH_WINDOW_HOURS * HOUR).toISOString();
  const current = signalColumns(now, true);
  const before = signalColumns(earlier, false);
  const result = await db.execute(sql`
    with ids as (select unnest(${sql.param(ids)}::int[]) as id),
    ev as (
      select e.account_id, array[${current.events}] as now, array[${before.events}] as before
      from ${accountEvents} e where e.account_id in (select id from ids) and e.at > ${since}
      group by e.account_id
    ),
    lg as (
      select m.whatsapp_id, array[${current.logs}] as now, array[${before.logs}] as before
      from ${messageLogs} m
      where m.whatsapp_id in (select id from ids) and m.sent_at > ${since} and m.status = 'success'
      group by m.whatsapp_id
    )
    select a.id, a.health, a.health_state, a.health_at, ev.now as events_now, ev.before as events_before,
      lg.now as logs_now, lg.before as logs_before
    from ${whatsappAccounts} a left join ev on ev.account_id = a.id left join lg on lg.whatsapp_id = a.id
    where a.id in (select id from ids)`);
  return (result as unknown as { rows: SignalRow[] }).rows;
}

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
