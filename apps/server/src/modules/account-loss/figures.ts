/**
 * What accounts did in windows of LOSS_WINDOW_HOURS (the timeline of a lost account and the comparison of
 * lost and kept ones): their sends hour by hour, first contacts, variants and their own events, read for many
 * windows in one statement each. The message logs are read by `message_logs_whatsapp_idx` (account, time) and
 * a first contact is one probe of `message_logs_account_number_idx` per number sent to, never a scan of the
 * account's history.
 */
import { LOSS_WINDOW_HOURS, type TTimelineSeries, type TWindowFigures } from '@sewablast/contract/account-loss';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountEvents } from '../../db/schema.ts';
import { logsSentIn, sentToBefore } from '../messagelog/logs-read.ts';
import { createdAtOf } from '../whatsapp/accounts-read.ts';

const HOUR = 3_600_000;

export interface Window {
  accountId: number;
  from: Date;
  /**
   * The loss (or now): its events up to and including this instant count, its sends before it. A JavaScript
   * date keeps milliseconds and PostgreSQL microseconds, so the loss read back is matched to the millisecond.
   */
  to: Date;
}

export interface WindowEvent {
  id: number;
  at: Date;
  kind: string;
  code: string | null;
  detail: Record<string, unknown> | null;
}

export interface WindowReading {
  figures: TWindowFigures;
  /** Hour by hour, oldest first: the timeline's series before any other signal is added. */
  series: TTimelineSeries[];
  variants: { template_id: number | null; variant: string | null; sends: number; fails: number }[];
  events: WindowEvent[];
}

export const windowOf = (accountId: number, to: Date): Window => ({
  accountId,
  from: new Date(to.getTime() - LOSS_WINDOW_HOURS * HOUR),
  to,
});

const SERIES = ['sends', 'fails', 'first_contacts', 'disconnects', 'restrictions', 'proxy_changes'] as const;
type SeriesKey = (typeof SERIES)[number];

/** The hourly series an event kind counts in: the session going away, WhatsApp refusing a send, a new IP. */
const SERIES_OF_KIND: Record<string, SeriesKey> = {
  disconnected: 'disconnects',
  logged_out: 'disconnects',
  restricted: 'restrictions',
  proxy_changed: 'proxy_changes',
};

/** WhatsApp's three-digit code in a reason ('lost (408)', '463'), else the reason as the driver gave it. */
export function codeOf(reason: string): string {
  return /\b(\d{3})\b/.exec(reason)?.[1] ?? reason;
}

const hourOf = (window: Window, at: Date) =>
  Math.min(LOSS_WINDOW_HOURS - 1, Math.max(0, Math.floor((at.getTime() - window.from.getTime()) / HOUR)));

/** A window's sends by hour (`template_id` and `variant` null), or by variant (`hour` null). */
interface SendRow {
  account_id: number;
  hour: number | null;
  template_id: number | null;
  variant: string | null;
  sends: number;
  fails: number;
  firsts: number;
}
interface EventRow {
  account_id: number;
  id: number;
  at: string | Date;
  kind: string;
  code: string | null;
  detail: Record<string, unknown> | null;
}

function windowsTable(windows: Window[]) {
  const ids = sql.param(windows.map((window) => window.accountId));
  const froms = sql.param(windows.map((window) => window.from.toISOString()));
  const tos = sql.param(windows.map((window) => window.to.toISOString()));
  return sql`w as (select * from unnest(${ids}::int[], ${froms}::timestamptz[], ${tos}::timestamptz[])
    as w(account_id, t0, t1))`;
}

async function rows<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * The windows' sends read once, grouped two ways. Each window's logs are a lateral read of the (account, time)
 * index (`offset 0` keeps the planner from turning it into a join): its cost follows the windows' sends, where
 * the plain join's hash reads every log ever kept (docs/performance.md has both measured). A first contact is
 * a probe of the (account, number, time) index per number a window sent to, made in the index's order (the
 * sort, kept below the probes by `offset 0`; a lateral read with a limit is never turned into a hash of every
 * log): one account's probes then meet the same few pages of the index, where in the hash aggregate's order
 * each met a page of its own. The probes were two thirds of the comparison's time.
 */
function readSends(db: Db, windows: Window[]) {
  return rows<SendRow>(
    db,
    sql`with ${windowsTable(windows)},
    logs as materialized (
      select w.account_id, w.t0, m.phone_number_id, m.status, m.template_id, m.variant,
        floor(extract(epoch from m.sent_at - w.t0) / 3600)::int as hour
      from w cross join lateral (${logsSentIn(sql`w.account_id`, sql`w.t0`, sql`w.t1`)} offset 0) m
    ),
    firsts as (
      select l.account_id, l.hour from (
        select account_id, phone_number_id, t0, min(hour) as hour from logs where phone_number_id is not null
        group by account_id, phone_number_id, t0 order by account_id, phone_number_id offset 0
      ) l
      left join lateral (${sentToBefore(sql`l.account_id`, sql`l.phone_number_id`, sql`l.t0`)}) earlier on true
      where earlier.sent is null
    )
    select account_id, hour, null::int as template_id, null::varchar as variant, sum(sends)::int as sends,
      sum(fails)::int as fails, sum(firsts)::int as firsts from (
      select account_id, hour, count(*) as sends, count(*) filter (where status = 'fail') as fails, 0 as firsts
      from logs group by account_id, hour
      union all
      select account_id, hour, 0, 0, count(*) from firsts group by account_id, hour
    ) h group by account_id, hour
    union all
    select account_id, null, template_id, variant, count(*)::int, (count(*) filter (where status = 'fail'))::int, 0
    from logs group by account_id, template_id, variant
    order by sends desc`,
  );
}

function readEvents(db: Db, windows: Window[]) {
  return rows<EventRow>(
    db,
    sql`with ${windowsTable(windows)}
    select e.account_id, e.id, e.at, e.kind, e.code, e.detail
    from w cross join lateral (select * from ${accountEvents} e where e.account_id = w.account_id
      and e.at >= w.t0 and e.at < w.t1 + interval '1 millisecond' offset 0) e
    order by e.at, e.id`,
  );
}

function emptyPoints(): number[] {
  return Array.from({ length: LOSS_WINDOW_HOURS }, () => 0);
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Each window's reading, by account id (one window per account). */
export async function readWindows(db: Db, windows: Window[]): Promise<Map<number, WindowReading>> {
  const readings = new Map<number, WindowReading>();
  if (!windows.length) return readings;
  const [sends, events, created] = await Promise.all([
    readSends(db, windows),
    readEvents(db, windows),
    createdAtOf(
      db,
      windows.map((window) => window.accountId),
    ),
  ]);
  const points = new Map<number, Record<SeriesKey, number[]>>();
  for (const window of windows)
    points.set(
      window.accountId,
      Object.fromEntries(SERIES.map((key) => [key, emptyPoints()])) as Record<SeriesKey, number[]>,
    );
  const variants = new Map<number, SendRow[]>();
  for (const row of sends) {
    const series = points.get(row.account_id);
    if (!series) continue;
    if (row.hour === null) {
      variants.set(row.account_id, [...(variants.get(row.account_id) ?? []), row]);
      continue;
    }
    const at = Math.min(LOSS_WINDOW_HOURS - 1, Math.max(0, row.hour));
    series.sends[at] = (series.sends[at] ?? 0) + row.sends;
    series.fails[at] = (series.fails[at] ?? 0) + row.fails;
    series.first_contacts[at] = (series.first_contacts[at] ?? 0) + row.firsts;
  }
  const eventsOf = new Map<number, WindowEvent[]>();
  const windowOfAccount = new Map(windows.map((window) => [window.accountId, window]));
  for (const row of events) {
    const window = windowOfAccount.get(row.account_id);
    const series = points.get(row.account_id);
    if (!window || !series) continue;
    const event = { id: Number(row.id), at: new Date(row.at), kind: row.kind, code: row.code, detail: row.detail };
    const own = eventsOf.get(row.account_id);
    if (own) own.push(event);
    else eventsOf.set(row.account_id, [event]);
    const key = SERIES_OF_KIND[event.kind];
    const at = hourOf(window, event.at);
    if (key) series[key][at] = (series[key][at] ?? 0) + 1;
  }
  for (const window of windows) {
    const series = points.get(window.accountId);
    if (!series) continue;
    const own = eventsOf.get(window.accountId) ?? [];
    const used = variants.get(window.accountId) ?? [];
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    const sends = total(series.sends);
    const fails = total(series.fails);
    const firsts = total(series.first_contacts);
    const codes = new Map<string, number>();
    for (const event of own) if (event.code) codes.set(codeOf(event.code), (codes.get(codeOf(event.code)) ?? 0) + 1);
    const born = created.get(window.accountId) ?? window.to;
    readings.set(window.accountId, {
      figures: {
        sends,
        fails,
        first_contacts: firsts,
        sends_per_hour: sends / LOSS_WINDOW_HOURS,
        peak_hour_sends: Math.max(...series.sends),
        fail_share: share(fails, sends),
        first_contact_share: share(firsts, sends),
        variants: used.filter((row) => row.variant !== null).length,
        disconnects: total(series.disconnects),
        restrictions: total(series.restrictions),
        proxy_changes: total(series.proxy_changes),
        age_days: Math.max(0, (window.to.getTime() - born.getTime()) / (24 * HOUR)),
        codes: [...codes].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count),
      },
      series: Object.entries(series).map(([key, values]) => ({ key, points: values })),
      variants: used.map(({ template_id, variant, sends: sent, fails: failed }) => ({
        template_id,
        variant,
        sends: sent,
        fails: failed,
      })),
      events: own,
    });
  }
  return readings;
}
