// Why accounts were lost (modules/account-loss) at ACCOUNTS accounts (3,000), LOGS message logs (2,000,000)
// over the event log's 14 days and EVENTS account events (100,000, LOST of them bans): one account's timeline,
// a page of the period's lost accounts and the comparison of up to 300 lost with a sample of 300 kept, through
// the service, beside the comparison as it was read before its kept sample was probed lazily and read beside
// the lost side (issue 23 item 7); then 300 windows read as the service reads them (each window's logs a
// lateral index read, with its variants, events and age) beside the naive read of their hourly sends alone (a
// plain join of the windows to the logs, which the planner runs as a hash join over every log) in the same
// run. Budget: the timeline and a page under 100 ms at p50, the comparison (an analysis page, read once per
// period) under 1 s. On PostgreSQL (DATABASE_URL, TEST_DATABASE_URL's server or an embedded one of its own:
// lib/database.mjs).
import { sql } from 'drizzle-orm';
import { readWindows, windowOf } from '../apps/server/src/modules/account-loss/figures.ts';
import { periodOf } from '../apps/server/src/modules/account-loss/period.ts';
import { createAccountLossService } from '../apps/server/src/modules/account-loss/service.ts';
import { seed } from '../apps/server/src/seed.ts';
import { KEPT_SAMPLE, LOSS_KINDS, LOST_SAMPLE } from '../packages/contract/src/account-loss.ts';
import { benchDatabase } from './lib/database.mjs';
import { quantile } from './lib/server.mjs';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 3000);
const LOGS = Number(process.env.LOGS ?? 2_000_000);
const EVENTS = Number(process.env.EVENTS ?? 100_000);
const LOST = Number(process.env.LOST ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** The days the logs spread over: more logs over more days keep a window's sends as they are. */
const DAYS = Number(process.env.DAYS ?? 14);
const NUMBERS = 200_000;
const ADMIN = { id: 1, role: 'admin' };

async function fill(db) {
  await seed(db, { adminEmail: 'bench@dev.local', adminPassword: 'benchpass1', demo: false });
  const started = performance.now();
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, role)
    select 'M' || g, 'Loss', 'loss' || g || '@bench.local', 'x', 'L' || lpad(to_hex(g), 7, '0'), 'member'
    from generate_series(1, 500) g`);
  await db.execute(sql`insert into whatsapp_accounts (clientid, user_id, phonenumber, state, created_at)
    select 'loss' || g, (select min(id) from users where role = 'member') + g % 500, '62811' || g, 'connected',
      now() - interval '30 days' from generate_series(1, ${ACCOUNTS}::int) g`);
  await db.execute(sql`insert into phone_numbers (number, name)
    select '62812' || lpad(g::text, 7, '0'), 'n' from generate_series(1, ${NUMBERS}::int) g`);
  // Round robin over the accounts, spread over DAYS days, numbers scattered: an account's logs lie among everyone's.
  for (let from = 1; from <= LOGS; from += 250_000) {
    const to = Math.min(LOGS, from + 249_999);
    await db.execute(sql`insert into message_logs (whatsapp_id, user_id, phone_number_id, status, send_key, sent_at, variant)
      select a.id, a.user_id, ((select min(id) from phone_numbers) + (g::bigint * 7919 % ${NUMBERS}))::int,
        case when g % 17 = 0 then 'fail' else 'success' end, 'loss' || g, now() - (g % ${DAYS * 86_400}) * interval '1 second',
        '0:' || (g % 3)
      from generate_series(${from}::int, ${to}::int) g
      join whatsapp_accounts a on a.id = (select min(id) from whatsapp_accounts) + (g % ${ACCOUNTS})`);
  }
  await db.execute(sql`insert into account_events (account_id, kind, at, code)
    select (select min(id) from whatsapp_accounts) + g % ${ACCOUNTS},
      (array['connected', 'disconnected', 'restricted', 'proxy_changed'])[1 + g % 4],
      now() - (g % 1209600) * interval '1 second', case when g % 4 = 2 then '463' end
    from generate_series(1, ${EVENTS - LOST}::int) g`);
  await db.execute(sql`insert into account_events (account_id, kind, at, code)
    select (select min(id) from whatsapp_accounts) + (g * 7) % ${ACCOUNTS}, 'suspended',
      now() - (g * 3000) * interval '1 second', '401' from generate_series(1, ${LOST}::int) g`);
  await db.execute(sql`analyze`);
  return performance.now() - started;
}

/**
 * The windows' hourly sends and first contacts as figures.ts reads them, but with the windows joined to the logs
 * plainly, as one would write it first: for want of an estimate of the windows the planner hashes them and
 * scans every log.
 */
function naiveSends(db, windows) {
  const ids = sql.param(windows.map((window) => window.accountId));
  const froms = sql.param(windows.map((window) => window.from.toISOString()));
  const tos = sql.param(windows.map((window) => window.to.toISOString()));
  return db.execute(sql`with w as (select * from unnest(${ids}::int[], ${froms}::timestamptz[], ${tos}::timestamptz[])
      as w(account_id, t0, t1)),
    logs as (select w.account_id, w.t0, m.phone_number_id, m.status,
        floor(extract(epoch from m.sent_at - w.t0) / 3600)::int as hour
      from w join message_logs m on m.whatsapp_id = w.account_id and m.sent_at >= w.t0 and m.sent_at < w.t1),
    firsts as (select l.account_id, min(l.hour) as hour from logs l where l.phone_number_id is not null
      group by l.account_id, l.phone_number_id, l.t0
      having not exists (select 1 from message_logs p where p.whatsapp_id = l.account_id
        and p.phone_number_id = l.phone_number_id and p.sent_at < l.t0))
    select account_id, hour, count(*) from logs group by account_id, hour
    union all select account_id, hour, count(*) from firsts group by account_id, hour`);
}

/**
 * The comparison as the service read it before (issue 23 item 7): the period's lost accounts, then the kept
 * sample with every account probed for a send in the window and those that sent sorted, then both sides'
 * windows at once. The same answer: only the figures' reading is compared here.
 */
async function compareBefore(db) {
  const period = periodOf('Asia/Jakarta', {});
  const kinds = sql.raw(LOSS_KINDS.map((kind) => `'${kind}'`).join(', '));
  const { rows: losses } = await db.execute(sql`select * from (
      select distinct on (account_id) account_id, at from account_events
      where kind in (${kinds}) and at >= ${period.start.toISOString()} and at < ${period.end.toISOString()}
      order by account_id, at desc, id desc
    ) l order by at desc, account_id desc limit ${LOST_SAMPLE + 1}`);
  const keptEnd = windowOf(0, new Date(Math.min(period.end.getTime(), Date.now())));
  const { rows: kept } = await db.execute(sql`select a.id from whatsapp_accounts a
    where a.created_at < ${keptEnd.to.toISOString()}
      and exists (select 1 from message_logs m where m.whatsapp_id = a.id
        and m.sent_at >= ${keptEnd.from.toISOString()} and m.sent_at < ${keptEnd.to.toISOString()})
      and not exists (select 1 from account_events e where e.account_id = a.id and e.kind in (${kinds})
        and e.at >= ${period.start.toISOString()} and e.at < ${period.end.toISOString()})
    order by md5(a.id::text) limit ${KEPT_SAMPLE + 1}`);
  await Promise.all([
    readWindows(
      db,
      losses.slice(0, LOST_SAMPLE).map((loss) => windowOf(loss.account_id, new Date(loss.at))),
    ),
    readWindows(
      db,
      kept.slice(0, KEPT_SAMPLE).map((row) => windowOf(row.id, keptEnd.to)),
    ),
  ]);
}

async function timed(work) {
  const latencies = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work(round);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return `p50 ${quantile(latencies, 0.5)} ms / max ${latencies.at(-1).toFixed(1)} ms`;
}

async function measure(label, database) {
  const { db } = database;
  const fillMs = await fill(db);
  const service = createAccountLossService(db, 'Asia/Jakarta');
  console.log(
    `\n### ${label}: ${ACCOUNTS} accounts, ${LOGS} logs over ${DAYS} days, ${EVENTS} events (${LOST} bans) written in ${(fillMs / 1000).toFixed(1)} s; ${ROUNDS} rounds each`,
  );
  console.log('budget: timeline and a page p50 under 100 ms; the comparison under 1 s');
  const { rows } = await db.execute(sql`select account_id from account_events where kind = 'suspended'
    order by at desc limit 1`);
  const lost = rows[0].account_id;
  const timeline = await service.timeline(ADMIN, lost);
  console.log(`timeline (${timeline.figures.sends} sends)   ${await timed(() => service.timeline(ADMIN, lost))}`);
  console.log(`page of 10 lost        ${await timed((round) => service.page(ADMIN, { page: 1 + round, limit: 10 }))}`);
  const compare = await service.compare(ADMIN, {});
  // Each way first in turn, so that neither always meets the cache as the other left it.
  const [now, before] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    const ways = [
      [now, () => service.compare(ADMIN, {})],
      [before, () => compareBefore(db)],
    ];
    if (round % 2) ways.reverse();
    for (const [latencies, work] of ways) {
      const started = performance.now();
      await work();
      latencies.push(performance.now() - started);
    }
  }
  const summary = (latencies) => {
    latencies.sort((a, b) => a - b);
    return `p50 ${quantile(latencies, 0.5)} ms / max ${latencies.at(-1).toFixed(1)} ms`;
  };
  console.log(`compare (${compare.lost.accounts} lost, ${compare.kept.accounts} kept) ${summary(now)}`);
  console.log(`  before: every account probed, then both sides ${summary(before)}`);
  const ids = (await db.execute(sql`select id from whatsapp_accounts order by md5(id::text) limit 300`)).rows;
  const windows = ids.map((row) => windowOf(row.id, new Date()));
  console.log(`300 windows, lateral   ${await timed(() => readWindows(db, windows))}`);
  console.log(`300 windows, naive join ${await timed(() => naiveSends(db, windows))}`);
}

const { database, label, close } = await benchDatabase();
try {
  await measure(label, database);
} finally {
  await close();
}
