/**
 * An `Idempotency-Key` names one request (DESIGN §9): the same key, call and body replay the first answer;
 * the key sent with another money call, or with another body, is a 422 that says so, for as long as the key is
 * kept, and never another call's answer (which failed the response schema: a 500 for a day) nor the first
 * answer to a different amount.
 */
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, ledgerEntries, users, withdrawals } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let dev: Caller;
let member: Caller;

beforeAll(async () => {
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
  dev = await t.loginAs('dev');
  member = await t.loginAs('member');
  const bank = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Dev Test' };
  await t.db.update(users).set(bank).where(eq(users.id, dev.user.id));
  await t.db.update(users).set(bank).where(eq(users.id, member.user.id));
  await t.db.insert(ledgerEntries).values([
    { user_id: dev.user.id, kind: 'blast_income', amount: 100_000, ref_table: 'idempotency_test', ref_id: 1 },
    { user_id: member.user.id, kind: 'blast_income', amount: 100_000, ref_table: 'idempotency_test', ref_id: 2 },
  ]);
});
afterAll(() => t.close());

const post = (caller: Caller, url: string, payload: object, key: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...caller.headers, 'idempotency-key': key }, payload });
const bonus = (key: string, nominal = 5_000) =>
  post(dev, '/api/admin/bonus/create', { userId: member.user.id, nominal, reason: 'Bonus uji' }, key);
const withdraw = (caller: Caller, key: string, body: object = { nominal: 10_000 }) =>
  post(caller, '/api/admin/withdraw/request', body, key);

function expectReused(res: { statusCode: number; json(): { msg?: string } }) {
  expect(res.statusCode).toBe(422);
  expect(res.json().msg).toBe(WITHDRAW_TEXT.idempotencyKeyReused);
}

describe('Idempotency-Key bound to its call and body', () => {
  it('answers 422, not 500, to a key first used on another money call', async () => {
    expect((await bonus('shared-1')).statusCode).toBe(200);
    expectReused(await withdraw(dev, 'shared-1'));
    expectReused(await withdraw(dev, 'shared-1'));
    // And the other way round.
    expect((await withdraw(dev, 'shared-2')).statusCode).toBe(200);
    expectReused(await bonus('shared-2'));
    expect(await t.db.select().from(bonuses).where(eq(bonuses.user_id, member.user.id))).toHaveLength(1);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.user_id, dev.user.id))).toHaveLength(1);
  });

  it('answers 422 to the same key with another amount, and replays the same body', async () => {
    const first = await withdraw(member, 'amount-1', { nominal: 10_000 });
    expect(first.statusCode).toBe(200);
    expectReused(await withdraw(member, 'amount-1', { nominal: 20_000 }));
    // The same request, its number written as digits and the caller named, is the same body.
    const again = await withdraw(member, 'amount-1', { userId: member.user.id, nominal: '10000' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.user_id, member.user.id))).toHaveLength(1);

    expect((await bonus('amount-2', 1_000)).statusCode).toBe(200);
    expectReused(await bonus('amount-2', 2_000));
    expect((await bonus('amount-2', 1_000)).statusCode).toBe(200);
  });
});
