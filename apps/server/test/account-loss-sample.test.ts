/**
 * The kept side of 'Analisis Blokir' (modules/account-loss `keptSample`, issue 23 item 7): the same accounts as
 * probing every account and sorting those that sent, but each probed only until the sample is full.
 */
import { KEPT_SAMPLE } from '@sewablast/contract/account-loss';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { readWindows, windowOf } from '../src/modules/account-loss/figures.ts';
import { periodOf } from '../src/modules/account-loss/period.ts';
import { createAccountLossService, keptSample } from '../src/modules/account-loss/service.ts';
import { seed } from '../src/seed.ts';
import { createTestDatabase } from './harness.ts';

const ACCOUNTS = 450;
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db, { adminEmail: 'sample@dev.local', adminPassword: 'samplepass1', demo: false });
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, role)
    values ('Sampel', 'Akun', 'sampel@example.com', 'x', 'SAMPEL01', 'member')`);
  await db.execute(sql`insert into whatsapp_accounts (clientid, user_id, phonenumber, state, created_at)
    select 'sampel' || g, (select id from users where email = 'sampel@example.com'), '62811' || g, 'connected',
      now() - interval '30 days' from generate_series(1, ${ACCOUNTS}::int) g`);
  await db.execute(sql`insert into phone_numbers (number, name) values ('6281299990000', 'Sampel')`);
  // Every account but one in ten sent in the last 48 hours; one in seventeen of those was lost in the period.
  await db.execute(sql`insert into message_logs (whatsapp_id, user_id, phone_number_id, status, send_key, sent_at)
    select a.id, a.user_id, (select id from phone_numbers limit 1), 'success', 'sampel' || a.id,
      now() - (a.id % 40) * interval '1 hour'
    from whatsapp_accounts a where a.id % 10 <> 0`);
  await db.execute(sql`insert into account_events (account_id, kind, at, code)
    select id, 'suspended', now() - interval '1 hour', '401' from whatsapp_accounts where id % 17 = 0`);
  await db.execute(sql`analyze`);
});
afterAll(() => database.close());

/** The sample as it was read before: every account probed, those that sent sorted by `md5(id)`. */
async function probedAll(period: ReturnType<typeof periodOf>, from: Date, to: Date) {
  const result = (await db.execute(sql`select a.id from whatsapp_accounts a
    where a.created_at < ${to.toISOString()}
      and exists (select 1 from message_logs m where m.whatsapp_id = a.id
        and m.sent_at >= ${from.toISOString()} and m.sent_at < ${to.toISOString()})
      and not exists (select 1 from account_events e where e.account_id = a.id and e.kind in ('suspended', 'temp_banned')
        and e.at >= ${period.start.toISOString()} and e.at < ${period.end.toISOString()})
    order by md5(a.id::text) limit ${KEPT_SAMPLE + 1}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => row.id);
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** How many times the statement probed `relation`, from its plan as run. */
function probes(node: PlanNode, relation: string): number {
  const own = node['Relation Name'] === relation ? (node['Actual Loops'] ?? 0) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + probes(child, relation), 0);
}

describe("the comparison's kept accounts", () => {
  it('are the accounts probing all of them gave, and the logs are probed only until the sample is full', async () => {
    const period = periodOf('Asia/Jakarta', {});
    const window = windowOf(0, new Date());
    const expected = await probedAll(period, window.from, window.to);
    expect(expected).toHaveLength(KEPT_SAMPLE + 1);
    const sample = await keptSample(db, period, window.from, window.to);
    expect(sample.map((row) => row.id)).toEqual(expected);

    // As at a service's size, where the logs are probed by index (a test's few logs the planner would hash).
    const plan = await db.transaction(async (tx) => {
      for (const setting of ['enable_hashjoin', 'enable_mergejoin', 'enable_seqscan', 'enable_bitmapscan'])
        await tx.execute(sql`select set_config(${setting}, 'off', true)`);
      const explaining = {
        execute: (statement: SQL) => tx.execute(sql`explain (analyze, format json) ${statement}`),
      } as unknown as Db;
      const [read] = (await keptSample(explaining, period, window.from, window.to)) as unknown as {
        'QUERY PLAN': { Plan: PlanNode }[];
      }[];
      return read?.['QUERY PLAN'][0]?.Plan ?? {};
    });
    const probed = probes(plan, 'message_logs');
    const candidates = ACCOUNTS - Math.floor(ACCOUNTS / 17);
    // About one in ten probed has not sent, so a little over the sample is probed, not every account.
    expect(probed).toBeGreaterThanOrEqual(KEPT_SAMPLE + 1);
    expect(probed).toBeLessThan((KEPT_SAMPLE + 1) * 1.2);
    expect(probed).toBeLessThan(candidates);

    const compare = await createAccountLossService(db, 'Asia/Jakarta').compare({ id: 1, role: 'admin' }, {});
    expect(compare.kept).toMatchObject({ accounts: KEPT_SAMPLE, sampled: true });
    expect(compare.lost).toMatchObject({ accounts: Math.floor(ACCOUNTS / 17), sampled: false });
  });

  it("probes each window's first contacts in the (account, number, time) index's order", async () => {
    const plans: string[] = [];
    const explaining = {
      async execute(statement: SQL) {
        const plan = (await db.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, string>[] };
        plans.push(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
        return { rows: [] };
      },
    } as unknown as Db;
    const accounts = (await db.execute(sql`select id from whatsapp_accounts order by id limit 50`)) as unknown as {
      rows: { id: number }[];
    };
    await readWindows(
      explaining,
      accounts.rows.map((row) => windowOf(row.id, new Date())),
    );
    const sends = plans.find((plan) => plan.includes('message_logs_account_number_idx'));
    // The pairs sorted as the index is, then each probed: in a hash's order each probe met a page of its own.
    expect(sends).toMatch(
      /Nested Loop Left Join[\s\S]*Sort Key: logs_\d\.account_id, logs_\d\.phone_number_id[\s\S]*Index Only Scan using message_logs_account_number_idx on message_logs p/,
    );
  });
});
