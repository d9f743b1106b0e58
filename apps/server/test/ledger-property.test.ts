/**
 * The ledger under random interleavings (DESIGN §5.5, §9): for a few fixed seeds, batches of blast outcomes,
 * bonus gifts and deletes, withdraw requests (some below the minimum or above the balance, some repeating an
 * Idempotency-Key) and rejects, cancels and accepts run at once. After every batch each member's balance by
 * the API must equal their ledger sum, never have dipped below zero, and equal what the domain tables (message
 * logs, bonuses, withdrawals) say it should be. No answer may be a 5xx.
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonuses,
  ledgerEntries,
  messageLogs,
  settings,
  users,
  whatsappAccounts,
  withdrawals,
} from '../src/db/schema.ts';
import { referralShare } from '../src/ledger/fee.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { type Random, seededRandom } from '../src/wa/random.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

// A failing seed is named in the test's title; LEDGER_SEED runs one more seed to explore or replay.
const SEEDS = [1, 20240611, 987654321, ...(process.env.LEDGER_SEED ? [Number(process.env.LEDGER_SEED)] : [])];
const MEMBERS = 4;
const BATCHES = 6;
const OPS_PER_BATCH = 40;
const PRICE = 3_000;
const REFERRAL_PERCENT = 10;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Caller;
let staff: Caller;

beforeAll(async () => {
  // Whole batches go out at once from one admin and one staff: the per-user request budget is not tested here.
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 100_000, USER_REQUESTS_IN_FLIGHT: 10_000 } });
  // A blast pays enough that withdrawals above the minimum become possible within a few batches.
  await t.db.update(settings).set({ price: PRICE, referral_percent: REFERRAL_PERCENT });
  admin = await t.loginAs('admin');
  staff = await t.loginAs('staff');
});
afterAll(() => t.close());

interface Member {
  caller: Caller;
  accountId: number;
  referredBy: number | null;
}

interface World {
  random: Random;
  members: Member[];
  bonusIds: number[];
  withdrawalIds: number[];
  sends: { accountId: number; sendKey: string }[];
  /** Every answer of the run, checked for 5xx after each batch. */
  answers: { op: string; status: number; body: string }[];
}

async function makeMembers(seed: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    // Every member but the first is referred by an earlier one, so that referral shares interleave too.
    const referredBy = i === 0 ? null : (members[Math.floor((i - 1) / 2)]?.caller.user.id ?? null);
    const caller = await t.loginAs('member', referredBy === null ? {} : { referred_by: referredBy });
    await t.db.update(users).set(BANK).where(eq(users.id, caller.user.id));
    const [account] = await t.db
      .insert(whatsappAccounts)
      .values({
        clientid: `ledger-property-${seed}-${i}`,
        user_id: caller.user.id,
        phonenumber: `62812${String(seed).slice(-5)}${i}`,
        state: 'connected',
      })
      .returning({ id: whatsappAccounts.id });
    if (!account) throw new Error('account not written');
    members.push({ caller, accountId: account.id, referredBy });
  }
  return members;
}

const ledgerSum = (userId: number) => ledgerSumOf(t.db, userId);

/** The lowest running sum of the user's ledger in entry order (see the note in `checkMember`). */
const lowestRunningSum = async (userId: number) => {
  const rows = await t.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.user_id, userId))
    .orderBy(ledgerEntries.id);
  let running = 0;
  let lowest = 0;
  for (const row of rows) {
    running += Number(row.amount);
    lowest = Math.min(lowest, running);
  }
  return lowest;
};

const sumOf = (values: (number | string)[]) => values.reduce<number>((total, value) => total + Number(value), 0);

const success = (rows: { fee: number | string; status: string }[]) =>
  rows.filter((row) => row.status === 'success').map((row) => Number(row.fee));

/** The balance rebuilt from the domain tables alone, and the part of it withdrawals hold. */
async function expectedOf(member: Member, members: Member[]) {
  const userId = member.caller.user.id;
  const referees = members.filter((other) => other.referredBy === userId).map((other) => other.caller.user.id);
  // A referrer's part of a fee is the ledger's own expression for it, with this test's percent.
  const logsOf = (ids: number[], fee: SQL<number> = sql`${messageLogs.fee}`.mapWith(Number)) =>
    ids.length
      ? t.db.select({ fee, status: messageLogs.status }).from(messageLogs).where(inArray(messageLogs.user_id, ids))
      : Promise.resolve([]);
  const given = await t.db
    .select({ nominal: bonuses.nominal, revoked: bonuses.revoked_at })
    .from(bonuses)
    .where(eq(bonuses.user_id, userId));
  const requested = await t.db
    .select({ nominal: withdrawals.nominal, status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.user_id, userId));
  const held = sumOf(requested.filter((row) => row.status !== 'rejected').map((row) => row.nominal));
  return {
    held,
    balance:
      sumOf(success(await logsOf([userId]))) +
      sumOf(success(await logsOf(referees, referralShare(sql`${messageLogs.fee}`, sql`${REFERRAL_PERCENT}::int`)))) +
      sumOf(given.map((row) => row.nominal)) -
      sumOf(given.filter((row) => row.revoked !== null).map((row) => row.nominal)) -
      held,
  };
}

/** What the ledger holds for withdrawals: holds minus releases, as a positive amount. */
const ledgerHeld = async (userId: number) => {
  const [row] = await t.db
    .select({ total: sql<string>`coalesce(sum(-${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      sql`${ledgerEntries.user_id} = ${userId} and ${ledgerEntries.kind} in ('withdraw_hold', 'withdraw_release')`,
    );
  return Number(row?.total ?? 0);
};

async function checkMember(world: World, member: Member, where: string) {
  const userId = member.caller.user.id;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdraw/balance/${userId}`,
    headers: admin.headers,
  });
  expect(res.statusCode, where).toBe(200);
  const balance = res.json().balance as number;
  const expected = await expectedOf(member, world.members);
  expect(balance, `${where}: API balance = ledger sum`).toBe(await ledgerSum(userId));
  expect(balance, `${where}: balance >= 0`).toBeGreaterThanOrEqual(0);
  // Every debit is written under the user's lock after the entries its check relied on, so ids grow in
  // commit order for debits; a credit committed late only raises the running sum. A dip below zero anywhere
  // in entry order is therefore a debit the balance did not cover.
  expect(await lowestRunningSum(userId), `${where}: running ledger sum >= 0`).toBeGreaterThanOrEqual(0);
  expect(await ledgerHeld(userId), `${where}: holds − releases = open withdrawals`).toBe(expected.held);
  expect(balance, `${where}: balance = income + referral + bonuses − revoked − held`).toBe(expected.balance);
}

const WITHDRAW_NOMINALS = [5_000, 9_999, 10_000, 10_000, 12_000, 15_000, 25_000, 40_000, 1_000_000];
const DECISIONS = ['requested', 'accepted', 'rejected'] as const;

/** One random operation; every HTTP answer is recorded for the 5xx check. */
async function operate(world: World, seed: number): Promise<void> {
  const { random, members } = world;
  const member = random.pick(members);
  const userId = member.caller.user.id;
  const record = <R extends { statusCode: number; body: string }>(op: string, res: R): R => {
    world.answers.push({ op, status: res.statusCode, body: res.body });
    return res;
  };
  const roll = random.int(0, 99);
  if (roll < 30) {
    // Repeating a send key must count nothing a second time, as after a crash or a takeover.
    const send =
      world.sends.length > 0 && random.int(0, 9) === 0
        ? random.pick(world.sends)
        : { accountId: member.accountId, sendKey: `lp-${seed}-${world.sends.length}` };
    if (!world.sends.includes(send)) world.sends.push(send);
    await recordSend(t.db, {
      ...send,
      phoneNumberId: null,
      templateId: null,
      status: random.int(0, 4) === 0 ? 'fail' : 'success',
    });
  } else if (roll < 45) {
    const res = record(
      'bonus create',
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/bonus/create',
        headers: admin.headers,
        payload: { userId, nominal: random.pick([1_000, 5_000, 10_000, 20_000]), reason: 'property' },
      }),
    );
    if (res.statusCode === 200) world.bonusIds.push(res.json().data.id);
  } else if (roll < 55) {
    if (world.bonusIds.length === 0) return;
    record(
      'bonus delete',
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/bonus/${random.pick(world.bonusIds)}`,
        headers: admin.headers,
      }),
    );
  } else if (roll < 80) {
    // A small pool of keys per member, so that some requests repeat an earlier (or a concurrent) one; a key
    // names one request, so it always goes with the same amount.
    const nominal = random.pick(WITHDRAW_NOMINALS);
    const key = random.int(0, 3) === 0 ? `lp-${seed}-${userId}-${random.int(0, 2)}-${nominal}` : undefined;
    const res = record(
      'withdraw request',
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/withdraw/request',
        headers: key ? { ...member.caller.headers, 'idempotency-key': key } : member.caller.headers,
        payload: { nominal },
      }),
    );
    const id = res.statusCode === 200 ? (res.json().data.id as number) : null;
    // A repeated Idempotency-Key answers the first withdrawal again.
    if (id !== null && !world.withdrawalIds.includes(id)) world.withdrawalIds.push(id);
  } else {
    if (world.withdrawalIds.length === 0) return;
    record(
      'withdraw decide',
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/withdraw/update',
        headers: random.int(0, 1) === 0 ? staff.headers : admin.headers,
        // A cancel carries a reason, so that an admin's taking back of a paid one is among the moves (staff get 403).
        payload: { id: random.pick(world.withdrawalIds), status: random.pick(DECISIONS), reason: 'Uji properti' },
      }),
    );
  }
}

describe('ledger under random interleavings', () => {
  it.each(SEEDS)('seed %i: balances equal the ledger and the domain tables, never below zero', async (seed) => {
    const world: World = {
      random: seededRandom(seed),
      members: await makeMembers(seed),
      bonusIds: [],
      withdrawalIds: [],
      sends: [],
      answers: [],
    };
    for (let batch = 0; batch < BATCHES; batch++) {
      await Promise.all(Array.from({ length: OPS_PER_BATCH }, () => operate(world, seed)));
      const failed = world.answers.filter((answer) => answer.status >= 500);
      expect(failed, `seed ${seed} batch ${batch}: no 5xx`).toEqual([]);
      for (const member of world.members) {
        await checkMember(world, member, `seed ${seed} batch ${batch} user ${member.caller.user.id}`);
      }
    }
    const statuses = new Set(world.answers.map((answer) => `${answer.op} ${answer.status}`));
    // The run must have exercised both sides of the rules, or it proves little.
    for (const seen of ['withdraw request 200', 'withdraw request 409', 'withdraw decide 200', 'bonus delete 200']) {
      expect(statuses, `seed ${seed}`).toContain(seen);
    }
  });
});
