// Accounts' health kept on their rows (apps/server/src/engine/safety/health-read.ts): ACCOUNTS accounts held by one
// worker, each with LOGS successful sends over the last 30 hours (half delivered, some read, a few STOPs) and a
// handful of restrictions and drops. Batched: the host's housekeeping refresh, HEALTH_BATCH stalest accounts in
// two statements, beside its budget (a tenth of the 10 s housekeeping round). Naive: the health computed for
// the account at each send (one refresh of one account), as the blast loop would without the stored score,
// with what it costs the database at the fleet's send rate (every account one send each 10 s).
// On DATABASE_URL's database, a scratch one on TEST_DATABASE_URL's server, or an embedded one (lib/database.mjs).
import { sql } from 'drizzle-orm';
import { HEALTH_BATCH, refreshHealth, staleHealth } from '../apps/server/src/engine/safety/health-read.ts';
import { benchDatabase } from './lib/database.mjs';
import { quantile } from './lib/server.mjs';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2000);
const LOGS = Number(process.env.LOGS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const NAIVE_ROUNDS = Number(process.env.NAIVE_ROUNDS ?? 200);
const BATCH_BUDGET_MS = 1000;
const INTERVAL_S = 10;
const WORKER = 'bench-health';

const { database, label, close } = await benchDatabase();
const { db } = database;
try {
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    values ('Bench', 'Health', 'bench@health.local', 'x', 'BHEALTH1')`);
  await db.execute(sql`insert into whatsapp_accounts (clientid, user_id, state, owner_id)
    select 'health-' || i, (select id from users limit 1), 'connected', ${WORKER} from generate_series(1, ${ACCOUNTS}) i`);
  const started = performance.now();
  await db.execute(sql`insert into message_logs (whatsapp_id, user_id, status, send_key, sent_at, delivered_at, read_at,
      replied_at, stopped_at)
    select a.id, a.user_id, 'success', a.id || ':' || j, now() - (j * interval '30 hours' / ${LOGS}),
      case when j % 2 = 0 then now() end, case when j % 5 = 0 then now() end, case when j % 40 = 0 then now() end,
      case when j % 97 = 0 then now() end
    from whatsapp_accounts a, generate_series(1, ${LOGS}) j`);
  await db.execute(sql`insert into account_events (account_id, kind, code, at)
    select a.id, case when j % 2 = 0 then 'restricted' else 'disconnected' end, case when j % 2 = 0 then '463' end,
      now() - j * interval '5 hours'
    from whatsapp_accounts a, generate_series(1, 6) j`);
  await db.execute(sql`analyze`);
  console.log(
    `${label}: ${ACCOUNTS} accounts, ${(ACCOUNTS * LOGS).toLocaleString('en')} message logs, ${ACCOUNTS * 6} events (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const batches = [];
  for (let round = 0; round < ROUNDS; round++) {
    await db.execute(sql`update whatsapp_accounts set health_at = null`);
    const now = new Date();
    const begun = performance.now();
    const ids = await staleHealth(db, WORKER, now);
    await refreshHealth(db, ids, { now, enforce: true });
    batches.push(performance.now() - begun);
  }
  batches.sort((a, b) => a - b);
  const batchP50 = Number(quantile(batches, 0.5));
  console.log(
    `batched (the host): ${HEALTH_BATCH} accounts a batch: p50 ${quantile(batches, 0.5)} ms, p99 ${quantile(batches, 0.99)} ms ` +
      `(budget ${BATCH_BUDGET_MS} ms), ${(batchP50 / HEALTH_BATCH).toFixed(2)} ms an account; every account ` +
      `once per 5 minutes: ${((batchP50 * (ACCOUNTS / HEALTH_BATCH)) / 300).toFixed(1)} ms of database a second; ` +
      'a send reads the stored score with its account: nothing more',
  );

  const singles = [];
  const [{ id: first }] = (await db.execute(sql`select min(id)::int as id from whatsapp_accounts`)).rows;
  for (let i = 0; i < NAIVE_ROUNDS; i++) {
    const id = first + (i % ACCOUNTS);
    await db.execute(sql`update whatsapp_accounts set health_at = null where id = ${id}`);
    const begun = performance.now();
    await refreshHealth(db, [id], { now: new Date(), enforce: true });
    singles.push(performance.now() - begun);
  }
  singles.sort((a, b) => a - b);
  const perSend = Number(quantile(singles, 0.5));
  const sendsPerSecond = ACCOUNTS / INTERVAL_S;
  console.log(
    `naive (at each send): one account: p50 ${quantile(singles, 0.5)} ms, p99 ${quantile(singles, 0.99)} ms; ` +
      `${sendsPerSecond} sends a second: ${(perSend * sendsPerSecond).toFixed(0)} ms of database a second`,
  );
} finally {
  await close();
}
