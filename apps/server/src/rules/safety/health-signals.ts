/**
 * An account's health signals (health.ts) read from its event log and its message logs, on their (account,
 * time) indexes: for many accounts now and HEALTH_TREND_HOURS earlier (the engine's refresh,
 * engine/safety/health-read.ts), and for one account at any instants of the last days (its health series, for
 * the timeline of a lost account). At the 200-a-day cap a window is a few hundred rows an account.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountEvents, messageLogs, whatsappAccounts } from '../../db/schema.ts';
import {
  HEALTH_TREND_HOURS,
  HEALTH_WINDOW_HOURS,
  type HealthSignals,
  healthScore,
  LAG_MINUTES,
  RATE_LIMITED,
} from './health.ts';

const HOUR = 3_600_000;

/**
 * The signals for the window ending `end` (a timestamptz expression), as SQL aggregates over both tables. A
 * past window counts what was known at its end: a send delivered after it was lagging then. The current
 * window (`current`) has no end: an event recorded in the same millisecond as the refresh (the database's clock
 * is finer than ours) is counted now, not five minutes later.
 */
function signalColumns(end: SQL, current: boolean) {
  const from = sql`(${end} - make_interval(hours => ${HEALTH_WINDOW_HOURS}))`;
  const settled = sql`(${end} - make_interval(mins => ${LAG_MINUTES}))`;
  const inEvents = current ? sql`e.at > ${from}` : sql`e.at > ${from} and e.at <= ${end}`;
  const inLogs = current ? sql`m.sent_at > ${from}` : sql`m.sent_at > ${from} and m.sent_at <= ${end}`;
  const by = (column: SQL) => (current ? sql`${column} is not null` : sql`${column} <= ${end}`);
  return {
    events: sql`count(*) filter (where ${inEvents} and e.kind = 'restricted' and e.code is distinct from ${RATE_LIMITED}),
      count(*) filter (where ${inEvents} and e.kind = 'restricted' and e.code = ${RATE_LIMITED}),
      count(*) filter (where ${inEvents} and e.kind = 'disconnected'),
      count(*) filter (where ${inEvents} and e.kind = 'temp_banned'),
      count(*) filter (where ${inEvents} and e.kind = 'suspended')`,
    logs: sql`count(*) filter (where ${inLogs}),
      count(*) filter (where ${inLogs} and m.sent_at <= ${settled}),
      count(*) filter (where ${inLogs} and m.sent_at <= ${settled} and not (${by(sql`m.delivered_at`)})),
      count(*) filter (where ${inLogs} and ${by(sql`m.read_at`)}),
      count(*) filter (where ${inLogs} and ${by(sql`m.replied_at`)}),
      count(*) filter (where ${inLogs} and ${by(sql`m.stopped_at`)})`,
  };
}

const EVENT_FIELDS = ['restricted', 'rateLimited', 'disconnects', 'tempBans', 'suspensions'] as const;
const LOG_FIELDS = ['sent', 'settled', 'lagging', 'read', 'replied', 'stopped'] as const;

export interface SignalRow {
  id: number;
  health: number;
  health_state: string;
  health_at: Date | string | null;
  events_now: number[] | null;
  events_before: number[] | null;
  logs_now: number[] | null;
  logs_before: number[] | null;
}

/** The signals from the aggregates' arrays (none: no events or no sends in the window). */
export function signals(events: number[] | null, logs: number[] | null): HealthSignals {
  const entries = [
    ...EVENT_FIELDS.map((field, i) => [field, Number(events?.[i] ?? 0)]),
    ...LOG_FIELDS.map((field, i) => [field, Number(logs?.[i] ?? 0)]),
  ];
  return Object.fromEntries(entries) as unknown as HealthSignals;
}

const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Each account's signals now and HEALTH_TREND_HOURS earlier, with its health as stored. */
export async function readSignals(db: Db, ids: number[], now: Date): Promise<SignalRow[]> {
  const earlier = new Date(now.getTime() - HEALTH_TREND_HOURS * HOUR);
  const since = new Date(earlier.getTime() - HEALTH_WINDOW_HOURS * HOUR).toISOString();
  const current = signalColumns(stamp(now), true);
  const before = signalColumns(stamp(earlier), false);
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

export interface HealthPoint {
  /** The end of the window (ISO). */
  at: string;
  health: number;
}

/**
 * The account's health at each of `instants` (oldest first), each over the window ending then, as it was known
 * then: its series for a timeline (one statement; a point reads its window's rows once).
 */
export async function healthSeries(db: Db, accountId: number, instants: Date[]): Promise<HealthPoint[]> {
  if (instants.length === 0) return [];
  const window = signalColumns(sql`p.at`, false);
  const result = await db.execute(sql`
    select p.at,
      (select array[${window.events}] from ${accountEvents} e
        where e.account_id = ${accountId} and e.at > p.at - make_interval(hours => ${HEALTH_WINDOW_HOURS})
          and e.at <= p.at) as events,
      (select array[${window.logs}] from ${messageLogs} m
        where m.whatsapp_id = ${accountId} and m.status = 'success'
          and m.sent_at > p.at - make_interval(hours => ${HEALTH_WINDOW_HOURS}) and m.sent_at <= p.at) as logs
    from unnest(${sql.param(instants.map((at) => at.toISOString()))}::timestamptz[]) as p(at)
    order by p.at`);
  const rows = (result as unknown as { rows: { at: Date | string; events: number[]; logs: number[] }[] }).rows;
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    health: healthScore(signals(row.events, row.logs)),
  }));
}
