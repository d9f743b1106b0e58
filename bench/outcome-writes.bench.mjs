// The database's side of a blast outcome, on its own: CONCURRENCY accounts record outcomes as fast as the
// database takes them for BENCH_SECONDS each way. Naive: the transaction a send cost before issue 14 (lock
// the account, lock the owner, log, number, ledger, level, owner, account: ten round trips). Batched: the
// worker's OutcomeWriter (one statement for every outcome that finished while the previous one was written),
// then the same naming a template variant, whose counters every account's outcome raises.
// On DATABASE_URL, an empty database (as `npm run bench` gives with BENCH_POSTGRES_URL).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { OutcomeWriter } from '../apps/server/src/ledger/outcome-writer.ts';
import { seed } from '../apps/server/src/seed.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('outcome-writes: skipped (set DATABASE_URL to an empty PostgreSQL database)');
  process.exit(0);
}
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NUMBERS = 50_000;

const database = await openDatabase({ url, poolMax: 10 });
await database.migrate();
await seed(database.db, { adminEmail: 'writes@dev.local', adminPassword: 'writespass1', demo: false });
const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query('update settings set price = 100, referral_percent = 10');
const [{ id: templateId }] = (
  await pool.query(`insert into message_templates (text, text_wa) values ('Halo', 'Halo') returning id`)
).rows;
await pool.query(
  `insert into phone_numbers (number, name) select '62877' || lpad(i::text, 8, '0'), 'N' from generate_series(1, $1) i`,
  [NUMBERS],
);
const referrer = (
  await pool.query(
    `insert into users (firstname, lastname, email, password_hash, referral_code)
     values ('Ref', 'Writes', 'ref@writes.local', 'x', 'WREF0001') returning id`,
  )
).rows[0].id;
const accounts = [];
for (let i = 0; i < CONCURRENCY; i++) {
  const user = (
    await pool.query(
      `insert into users (firstname, lastname, email, password_hash, referral_code, referred_by)
       values ('M', 'Writes', $1, 'x', $2, $3) returning id`,
      [`m${i}@writes.local`, `W${String(i).padStart(7, '0')}`, referrer],
    )
  ).rows[0].id;
  const account = (
    await pool.query(
      `insert into whatsapp_accounts (clientid, user_id, phonenumber, state) values ($1, $2, $3, 'connected') returning id`,
      [`writes-${i}`, user, `62888${String(i).padStart(8, '0')}`],
    )
  ).rows[0].id;
  accounts.push(account);
}
const run = randomBytes(4).toString('hex');
let numberCursor = 0;
const nextNumber = () => (numberCursor++ % NUMBERS) + 1;

/** The per-send transaction of apps/server/src/ledger/record-send.ts before batching, statement for statement. */
async function naiveRecord(client, accountId, phoneId, key) {
  await client.query('begin');
  try {
    const account = (
      await client.query('select id, user_id from whatsapp_accounts where id = $1 for update', [accountId])
    ).rows[0];
    const owner = (
      await client.query(
        `select id, level_id, referred_by, total_success,
           coalesce((select blast_fee from levels where levels.id = users.level_id),
                    (select price from settings order by id limit 1), 0) as fee,
           (select referral_percent from settings order by id limit 1) as percent
         from users where id = $1 for update`,
        [account.user_id],
      )
    ).rows[0];
    const log = (
      await client.query(
        `insert into message_logs (whatsapp_id, user_id, phone_number_id, template_id, status, send_key, fee)
         values ($1, $2, $3, $4, 'success', $5, $6) on conflict (send_key) do nothing returning id`,
        [accountId, account.user_id, phoneId, templateId, key, owner.fee],
      )
    ).rows[0];
    await client.query(
      'update phone_numbers set in_use = false, last_sent = now(), count_success = count_success + 1 where id = $1',
      [phoneId],
    );
    await client.query(
      `insert into ledger_entries (user_id, kind, amount, ref_table, ref_id) values ($1, 'blast_income', $2, 'message_logs', $3)`,
      [owner.id, owner.fee, log.id],
    );
    const share = Math.floor((Number(owner.fee) * Number(owner.percent)) / 100);
    if (owner.referred_by && share > 0) {
      await client.query(
        `insert into ledger_entries (user_id, kind, amount, ref_table, ref_id) values ($1, 'referral', $2, 'message_logs', $3)`,
        [owner.referred_by, share, log.id],
      );
    }
    const level = (
      await client.query(
        'select id from levels where requirement_blast <= $1 order by requirement_blast desc, id desc limit 1',
        [Number(owner.total_success) + 1],
      )
    ).rows[0];
    await client.query('update users set total_success = $1, level_id = $2 where id = $3', [
      Number(owner.total_success) + 1,
      level?.id ?? null,
      owner.id,
    ]);
    await client.query(
      'update whatsapp_accounts set count_success = count_success + 1, income = income + $1 where id = $2',
      [owner.fee, accountId],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function measure(label, record) {
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    accounts.map(async (accountId) => {
      while (Date.now() < until) {
        await record(accountId, nextNumber(), `${run}:${label}:${accountId}:${done}:${numberCursor}`);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

const naive = await measure('naive', async (accountId, phoneId, key) => {
  const client = await pool.connect();
  try {
    await naiveRecord(client, accountId, phoneId, key);
  } finally {
    client.release();
  }
});
const writer = new OutcomeWriter(database.db);
const batched = await measure('batched', (accountId, phoneId, key) =>
  writer.record({ accountId, phoneNumberId: phoneId, templateId, status: 'success', sendKey: key }),
);
// The same with template variants: every batch also raises the counters of a handful of variant rows that
// every account shares (engine/blast/variants.ts), the most contended rows an outcome touches.
let variantCursor = 0;
const withVariants = await measure('variants', (accountId, phoneId, key) =>
  writer.record({
    accountId,
    phoneNumberId: phoneId,
    templateId,
    status: 'success',
    sendKey: key,
    variant: `0:${variantCursor++ % 6}`,
  }),
);

const [{ logs, fees, ledger }] = (
  await pool.query(
    `select (select count(*) from message_logs) as logs, (select coalesce(sum(fee), 0) from message_logs) as fees,
            (select coalesce(sum(amount), 0) from ledger_entries where kind = 'blast_income') as ledger`,
  )
).rows;
console.log(
  `outcome writes, ${CONCURRENCY} accounts at once, ${SECONDS} s each, pool of 10: naive per-send transaction ` +
    `${naive.toFixed(0)}/s, batched ${batched.toFixed(0)}/s (${(batched / naive).toFixed(1)}x; budget 1000/s a worker), ` +
    `batched with 6 template variants ${withVariants.toFixed(0)}/s (${(withVariants / batched).toFixed(2)}x batched)`,
);
console.log(
  `after both: ${logs} logs, fees ${fees}, ledger blast income ${ledger}: ${fees === ledger ? 'AGREE' : 'DISAGREE'}`,
);
await pool.end();
await database.close();
