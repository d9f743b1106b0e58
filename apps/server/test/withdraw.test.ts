/**
 * Withdrawals on the real database (DESIGN §5.5, §9): every /api/admin/withdraw call, the money each
 * transition moves in the ledger, repeats that change nothing, the 50-request race and Idempotency-Key.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, ledgerEntries, users, withdrawals } from '../src/db/schema.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  // The race sends 50 requests at once from one member: the per-user request budget is not what it tests.
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

let credits = 0;
/** A member with bank details (unless told otherwise) and `amount` of blast income in the ledger. */
async function member(amount: number, withBank = true): Promise<Caller> {
  const caller = await t.loginAs('member');
  if (withBank) await t.db.update(users).set(BANK).where(eq(users.id, caller.user.id));
  if (amount > 0) {
    credits += 1;
    await t.db
      .insert(ledgerEntries)
      .values({ user_id: caller.user.id, kind: 'blast_income', amount, ref_table: 'withdraw_test', ref_id: credits });
  }
  return caller;
}

const ledgerSum = (userId: number) => ledgerSumOf(t.db, userId);
const entries = (userId: number, kind: string) =>
  t.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.user_id, userId), eq(ledgerEntries.kind, kind)));

const get = (url: string, caller: Caller) => t.app.inject({ method: 'GET', url, headers: caller.headers });
const request = (caller: Caller, body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/withdraw/request',
    headers: key ? { ...caller.headers, 'idempotency-key': key } : caller.headers,
    payload: body,
  });
const decide = (caller: Caller, id: number, status: string, reason?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/withdraw/update',
    headers: caller.headers,
    payload: { id, status, reason },
  });
const balance = async (caller: Caller, as: Caller = caller) =>
  (await get(`/api/admin/withdraw/balance/${caller.user.id}`, as)).json().balance as number;

describe('request', () => {
  it("refuses less than 10000 with the spec's text, more than the balance, and missing bank details with code 1", async () => {
    const rich = await member(50_000);
    const low = await request(rich, { nominal: 9_999 });
    expect(low.statusCode).toBe(400);
    expect(low.json().msg).toBe(WITHDRAW_TEXT.minimum);
    const over = await request(rich, { nominal: 50_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ msg: WITHDRAW_TEXT.overBalance });
    const noBank = await member(50_000, false);
    const refused = await request(noBank, { nominal: 10_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 1, msg: WITHDRAW_TEXT.bankDetailsMissing });
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.user_id, noBank.user.id))).toEqual([]);
    expect(await balance(rich)).toBe(50_000);
  });

  it('holds the amount in the ledger and snapshots the bank details', async () => {
    const caller = await member(30_000);
    const res = await request(caller, { nominal: 10_000, userId: caller.user.id });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(res.json().msg).toBe(WITHDRAW_TEXT.requested);
    expect(data).toMatchObject({ nominal: 10_000, status: 'requested', user_id: caller.user.id, User: BANK });
    expect(await entries(caller.user.id, 'withdraw_hold')).toEqual([{ amount: -10_000 }]);
    expect(await balance(caller)).toBe(20_000);
    await t.db.update(users).set({ account_bank: 'BRI' }).where(eq(users.id, caller.user.id));
    const history = (await get(`/api/admin/withdraw/history/${caller.user.id}`, caller)).json().list;
    expect(history[0].User.account_bank).toBe('BCA');
  });

  it('lets only members and devs request, and a member only for themselves', async () => {
    const owner = await member(20_000);
    const other = await member(20_000);
    const admin = await t.loginAs('admin');
    const staff = await t.loginAs('staff');
    for (const caller of [admin, staff]) {
      const res = await request(caller, { nominal: 10_000, userId: owner.user.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
    expect((await request(other, { nominal: 10_000, userId: owner.user.id })).statusCode).toBe(403);
    expect(await balance(owner)).toBe(20_000);
  });
});

describe('update', () => {
  it('reject releases, cancel holds again, accept moves nothing, and a repeat is a no-op', async () => {
    const caller = await member(25_000);
    const staff = await t.loginAs('staff');
    const admin = await t.loginAs('admin');
    const { id } = (await request(caller, { nominal: 20_000 })).json().data;
    expect(await balance(caller)).toBe(5_000);

    const rejected = await decide(staff, id, 'rejected');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ msg: WITHDRAW_TEXT.rejected, data: { status: 'rejected' } });
    expect(await balance(caller)).toBe(25_000);
    const again = await decide(admin, id, 'rejected');
    expect(again.json()).toMatchObject({ msg: WITHDRAW_TEXT.rejected, data: { status: 'rejected' } });
    expect(await entries(caller.user.id, 'withdraw_release')).toEqual([{ amount: 20_000 }]);

    const cancelled = await decide(admin, id, 'requested');
    expect(cancelled.json()).toMatchObject({ msg: WITHDRAW_TEXT.cancelled, data: { status: 'requested' } });
    expect(await balance(caller)).toBe(5_000);
    await decide(admin, id, 'requested');
    expect(await entries(caller.user.id, 'withdraw_hold')).toHaveLength(2);

    const accepted = await decide(staff, id, 'accepted');
    expect(accepted.json()).toMatchObject({ msg: WITHDRAW_TEXT.accepted, data: { status: 'accepted' } });
    expect(accepted.json().data.decidedAt).not.toBeNull();
    expect(await balance(caller)).toBe(5_000);
    const skip = await decide(staff, id, 'rejected');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ msg: WITHDRAW_TEXT.badTransition });
    expect((await decide(staff, id, 'requested')).statusCode).toBe(403);
    const paidBack = await decide(admin, id, 'requested', 'Transfer gagal, dana dikembalikan bank');
    expect(paidBack.json().data).toMatchObject({
      status: 'requested',
      cancelReason: 'Transfer gagal, dana dikembalikan bank',
    });
    expect(await balance(caller)).toBe(5_000);
    expect(await ledgerSum(caller.user.id)).toBe(5_000);
  });

  it('refuses to cancel a rejection the balance no longer covers', async () => {
    const caller = await member(10_000);
    const admin = await t.loginAs('admin');
    const first = (await request(caller, { nominal: 10_000 })).json().data;
    await decide(admin, first.id, 'rejected');
    expect((await request(caller, { nominal: 10_000 })).statusCode).toBe(200);
    const res = await decide(admin, first.id, 'requested');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: WITHDRAW_TEXT.cancelOverBalance });
    expect(await balance(caller)).toBe(0);
    expect(await ledgerSum(caller.user.id)).toBe(0);
  });

  it('is for staff, admins and devs; an unknown id is a 404', async () => {
    const caller = await member(10_000);
    const { id } = (await request(caller, { nominal: 10_000 })).json().data;
    expect((await decide(caller, id, 'accepted')).statusCode).toBe(403);
    const dev = await t.loginAs('dev');
    expect((await decide(dev, 2_000_000_000, 'accepted')).statusCode).toBe(404);
    expect((await decide(dev, id, 'accepted')).statusCode).toBe(200);
  });
});

describe('figures and lists', () => {
  it('answers income, totals, histories and pages to the owner and the back office only', async () => {
    const staff = await t.loginAs('staff');
    const before = {
      today: (await get('/api/admin/withdraw/total-today', staff)).json().total as number,
      all: (await get('/api/admin/withdraw/total-all', staff)).json().total as number,
    };
    const caller = await member(70_000);
    await t.db.update(users).set({ firstname: 'Withdrawsearch' }).where(eq(users.id, caller.user.id));
    const other = await member(0);
    const ids: number[] = [];
    for (const nominal of [10_000, 20_000, 30_000]) ids.push((await request(caller, { nominal })).json().data.id);
    await decide(staff, ids[0] as number, 'accepted');
    await decide(staff, ids[1] as number, 'rejected');
    const me = caller.user.id;

    expect((await get(`/api/admin/withdraw/income/${me}`, caller)).json()).toEqual({ income: 70_000 });
    expect((await get(`/api/admin/withdraw/total-requested/${me}`, caller)).json()).toEqual({ total: 30_000 });
    expect((await get(`/api/admin/withdraw/total-accepted/${me}`, staff)).json()).toEqual({ total: 10_000 });
    expect((await get('/api/admin/withdraw/total-today', staff)).json().total).toBe(before.today + 10_000);
    expect((await get('/api/admin/withdraw/total-all', staff)).json().total).toBe(before.all + 10_000);
    expect(await balance(caller, staff)).toBe(30_000);

    const history = (await get(`/api/admin/withdraw/history/${me}`, caller)).json().list;
    expect(history.map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
    const all = (await get('/api/admin/withdraw/histories', staff)).json().list;
    expect(all.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining(ids));

    const own = (await get('/api/admin/withdraw/histories-per-page?page=1&limit=2', caller)).json();
    expect(own.meta).toMatchObject({ page: 1, totalPages: 2, total: 3 });
    expect(own.data).toHaveLength(2);
    const filtered = await get(`/api/admin/withdraw/histories-per-page?user_id=${me}&status=rejected`, staff);
    expect(filtered.json().data.map((row: { id: number }) => row.id)).toEqual([ids[1]]);
    const searched = await get('/api/admin/withdraw/histories-per-page?search=withdrawsearch', staff);
    expect(searched.json().data).toHaveLength(3);
    expect((await get('/api/admin/withdraw/histories-per-page', other)).json().data).toEqual([]);

    for (const url of [
      `/api/admin/withdraw/history/${me}`,
      `/api/admin/withdraw/income/${me}`,
      `/api/admin/withdraw/balance/${me}`,
      `/api/admin/withdraw/total-requested/${me}`,
      `/api/admin/withdraw/total-accepted/${me}`,
      `/api/admin/withdraw/histories-per-page?user_id=${me}`,
      '/api/admin/withdraw/histories',
      '/api/admin/withdraw/total-today',
      '/api/admin/withdraw/total-all',
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
  });
});

describe('concurrency and idempotency', () => {
  it('50 simultaneous requests never take the balance below zero, and the ledger sums to it', async () => {
    const caller = await member(105_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => request(caller, { nominal: 10_000 })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await balance(caller)).toBe(5_000);
    expect(await ledgerSum(caller.user.id)).toBe(5_000);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.user_id, caller.user.id))).toHaveLength(10);
  });

  it('answers a repeated Idempotency-Key with the first answer and no second withdrawal', async () => {
    const caller = await member(40_000);
    const first = await request(caller, { nominal: 10_000 }, 'key-1');
    const repeat = await request(caller, { nominal: 10_000 }, 'key-1');
    expect(repeat.statusCode).toBe(first.statusCode);
    expect(repeat.json()).toEqual(first.json());
    const racing = await Promise.all(Array.from({ length: 5 }, () => request(caller, { nominal: 10_000 }, 'key-2')));
    expect(new Set(racing.map((res) => res.body)).size).toBe(1);
    const refused = await request(caller, { nominal: 90_000 }, 'key-3');
    expect(refused.statusCode).toBe(409);
    expect((await request(caller, { nominal: 90_000 }, 'key-3')).statusCode).toBe(409);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.user_id, caller.user.id))).toHaveLength(2);
    expect(await balance(caller)).toBe(20_000);
    // Keys belong to their user: another member's same key is a request of its own.
    const other = await member(10_000);
    expect((await request(other, { nominal: 10_000 }, 'key-1')).json().data.user_id).toBe(other.user.id);
  });

  it('keeps a refusal for its key as it was answered: its status and `code: 1`, the status stored as ever', async () => {
    const caller = await member(50_000, false);
    const first = await request(caller, { nominal: 10_000 }, 'key-bank');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ code: 1, msg: WITHDRAW_TEXT.bankDetailsMissing });
    // Bank details given since: the repeat is still the first answer, not a new request.
    await t.db.update(users).set(BANK).where(eq(users.id, caller.user.id));
    const repeat = await request(caller, { nominal: 10_000 }, 'key-bank');
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json()).toEqual(first.json());
    const kept = await t.db
      .select({ status: idempotencyKeys.status_code })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, caller.user.id), eq(idempotencyKeys.key, 'key-bank')));
    expect(kept).toEqual([{ status: 400 }]);
    expect(await balance(caller)).toBe(50_000);
  });
});
