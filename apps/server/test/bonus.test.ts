/**
 * Bonuses on the real database (spec part 2 §2, §7; DESIGN §9): create, delete, list-per-page and total,
 * who may call each, the credit and its reversal in the ledger (balance = ledger sum), the 409 when a delete
 * would take the balance below zero, and concurrent deletes of one bonus reversing it once.
 */
import { BONUS_TEXT } from '@sewablast/contract/bonus-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, ledgerEntries, users } from '../src/db/schema.ts';
import { balanceOf } from '../src/ledger/balance.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  // The race sends many deletes at once from one admin: the per-user request budget is not what it tests.
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;

const ledgerSum = (userId: number) => ledgerSumOf(t.db, userId);
const bonusEntries = (userId: number) =>
  t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, ref_id: ledgerEntries.ref_id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.user_id, userId), inArray(ledgerEntries.kind, ['bonus', 'bonus_revoke'])))
    .orderBy(ledgerEntries.id);

const create = (caller: Caller, body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/bonus/create',
    headers: key ? { ...caller.headers, 'idempotency-key': key } : caller.headers,
    payload: body,
  });
const remove = (caller: Caller, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/bonus/${id}`, headers: caller.headers });
const list = (caller: Caller, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/bonus/list-per-page${query}`, headers: caller.headers });
const withdraw = (caller: Caller, nominal: number) =>
  t.app.inject({ method: 'POST', url: '/api/admin/withdraw/request', headers: caller.headers, payload: { nominal } });

/** Balance by the API, checked against the ledger sum. */
async function balance(caller: Caller): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdraw/balance/${caller.user.id}`,
    headers: caller.headers,
  });
  const value = res.json().balance as number;
  expect(value).toBe(await ledgerSum(caller.user.id));
  return value;
}

let admin: Caller;
let dev: Caller;
beforeAll(async () => {
  admin = await t.loginAs('admin');
  dev = await t.loginAs('dev');
});

describe('create', () => {
  it("credits the member in the ledger, records the caller as adminId, and answers the spec's text", async () => {
    const member = await t.loginAs('member');
    const res = await create(admin, { userId: member.user.id, nominal: 25_000, reason: 'Top sender', adminId: 999 });
    expect(res.statusCode).toBe(200);
    const { msg, data } = res.json();
    expect(msg).toBe('Bonus berhasil dikirim.');
    expect(BONUS_TEXT.successTitle).toBe('Berhasil');
    expect(data).toMatchObject({
      nominal: 25_000,
      reason: 'Top sender',
      userId: member.user.id,
      adminId: admin.user.id,
      User: { firstname: member.user.firstname, lastname: member.user.lastname },
    });
    expect(await bonusEntries(member.user.id)).toEqual([{ kind: 'bonus', amount: 25_000, ref_id: data.id }]);
    expect(await balance(member)).toBe(25_000);

    const byDev = await create(dev, { userId: member.user.id, nominal: '5000', reason: 'Lagi' });
    expect(byDev.json().data.adminId).toBe(dev.user.id);
    expect(await balance(member)).toBe(30_000);
    const total = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bonus/total/${member.user.id}`,
      headers: member.headers,
    });
    expect(total.json()).toEqual({ totalBonus: 30_000 });
  });

  it('refuses bad input with the error field, an unknown member with 404, and every role but admin and dev', async () => {
    const member = await t.loginAs('member');
    for (const body of [
      { userId: member.user.id, nominal: 0, reason: 'x' },
      { userId: member.user.id, nominal: 10.5, reason: 'x' },
      { userId: member.user.id, nominal: 'abc', reason: 'x' },
      { userId: member.user.id, nominal: 1000, reason: '   ' },
    ]) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(res.json().msg);
    }
    const missing = await create(admin, { userId: 2_000_000_000, nominal: 1000, reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ msg: BONUS_TEXT.memberNotFound, error: BONUS_TEXT.memberNotFound });
    for (const caller of [member, await t.loginAs('staff')]) {
      const res = await create(caller, { userId: member.user.id, nominal: 1000, reason: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(SERVER_TEXT.forbidden);
    }
    expect(await bonusEntries(member.user.id)).toEqual([]);
  });

  it('gives bonuses to members only: a dev, admin or staff recipient is 404 as an unknown one, and no money moves', async () => {
    const staff = await t.loginAs('staff');
    for (const recipient of [dev, admin, staff]) {
      const res = await create(dev, { userId: recipient.user.id, nominal: 50_000, reason: 'Untuk saya' });
      expect(res.statusCode, recipient.user.role).toBe(404);
      expect(res.json()).toMatchObject({ msg: BONUS_TEXT.memberNotFound, error: BONUS_TEXT.memberNotFound });
      expect(await bonusEntries(recipient.user.id)).toEqual([]);
      expect(await t.db.select().from(bonuses).where(eq(bonuses.user_id, recipient.user.id))).toEqual([]);
    }
    const self = await create(admin, { userId: admin.user.id, nominal: 50_000, reason: 'Untuk saya' });
    expect(self.statusCode).toBe(404);
    expect(await ledgerSum(dev.user.id)).toBe(0);
  });
});

describe('delete', () => {
  it('revokes the bonus and takes its credit back, keeping both entries; a second delete is 404', async () => {
    const member = await t.loginAs('member');
    const { id } = (await create(admin, { userId: member.user.id, nominal: 40_000, reason: 'x' })).json().data;
    const kept = (await create(admin, { userId: member.user.id, nominal: 1_000, reason: 'y' })).json().data;
    expect(await balance(member)).toBe(41_000);
    const res = await remove(dev, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: BONUS_TEXT.deleted });
    expect(await bonusEntries(member.user.id)).toEqual([
      { kind: 'bonus', amount: 40_000, ref_id: id },
      { kind: 'bonus', amount: 1_000, ref_id: kept.id },
      { kind: 'bonus_revoke', amount: -40_000, ref_id: id },
    ]);
    const [revoked] = await t.db.select().from(bonuses).where(eq(bonuses.id, id));
    expect(revoked?.revoked_at).toBeInstanceOf(Date);
    expect(revoked?.revoked_by).toBe(dev.user.id);
    expect(await balance(member)).toBe(1_000);
    const again = await remove(admin, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: BONUS_TEXT.notFound });
    expect(await balance(member)).toBe(1_000);
  });

  it('is refused with 409 when a withdrawal request holds the bonus, and allowed once it is released', async () => {
    const member = await t.loginAs('member');
    await t.db
      .update(users)
      .set({ account_bank: 'BCA', account_number: '123', account_name: 'Budi' })
      .where(eq(users.id, member.user.id));
    const { id } = (await create(admin, { userId: member.user.id, nominal: 30_000, reason: 'x' })).json().data;
    const held = await withdraw(member, 25_000);
    expect(held.statusCode).toBe(200);
    expect(await balance(member)).toBe(5_000);

    const refused = await remove(admin, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: BONUS_TEXT.deleteOverBalance });
    expect(await bonusEntries(member.user.id)).toHaveLength(1);
    expect(await balance(member)).toBe(5_000);

    const staff = await t.loginAs('staff');
    const rejected = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/withdraw/update',
      headers: staff.headers,
      payload: { id: held.json().data.id, status: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await remove(admin, id)).statusCode).toBe(200);
    expect(await balance(member)).toBe(0);
  });

  it('reverses a bonus once under concurrent deletes', async () => {
    const member = await t.loginAs('member');
    await t.db
      .insert(ledgerEntries)
      .values({ user_id: member.user.id, kind: 'blast_income', amount: 7_000, ref_table: 'bonus_test', ref_id: 1 });
    const { id } = (await create(admin, { userId: member.user.id, nominal: 20_000, reason: 'x' })).json().data;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => remove(i % 2 ? admin : dev, id)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array(11).fill(404)]);
    expect(await bonusEntries(member.user.id)).toEqual([
      { kind: 'bonus', amount: 20_000, ref_id: id },
      { kind: 'bonus_revoke', amount: -20_000, ref_id: id },
    ]);
    expect(await balance(member)).toBe(7_000);
    expect(await balanceOf(t.db, member.user.id)).toBe(7_000);
  });

  it('is refused to members and staff before anything moves', async () => {
    const member = await t.loginAs('member');
    const { id } = (await create(admin, { userId: member.user.id, nominal: 3_000, reason: 'x' })).json().data;
    for (const caller of [member, await t.loginAs('staff')]) expect((await remove(caller, id)).statusCode).toBe(403);
    expect(await balance(member)).toBe(3_000);
  });
});

describe('Idempotency-Key', () => {
  it('gives one bonus and one answer for 5 simultaneous creates with one key', async () => {
    const member = await t.loginAs('member');
    const body = { userId: member.user.id, nominal: 15_000, reason: 'Sekali saja' };
    const racing = await Promise.all(Array.from({ length: 5 }, () => create(admin, body, 'bonus-key-1')));
    expect(racing.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(racing.map((res) => res.body)).size).toBe(1);
    const [first] = racing;
    const { id } = first?.json().data ?? {};
    expect(await bonusEntries(member.user.id)).toEqual([{ kind: 'bonus', amount: 15_000, ref_id: id }]);
    expect(await balance(member)).toBe(15_000);

    // A later repeat is the first answer; a new key is a new bonus.
    const repeat = await create(
      admin,
      { reason: body.reason, nominal: body.nominal, userId: body.userId },
      'bonus-key-1',
    );
    expect(repeat.body).toBe(first?.body);
    expect((await create(admin, body, 'bonus-key-2')).json().data.id).not.toBe(id);
    expect(await balance(member)).toBe(30_000);
  });

  it("keeps keys per caller, and keeps no refusal: a key's retry after a 404 is checked again", async () => {
    const member = await t.loginAs('member');
    const body = { userId: member.user.id, nominal: 1_000, reason: 'x' };
    const byAdmin = (await create(admin, body, 'shared-key')).json().data.id;
    const byDev = (await create(dev, body, 'shared-key')).json().data.id;
    expect(byDev).not.toBe(byAdmin);
    const refused = await create(admin, { ...body, userId: dev.user.id }, 'retried-key');
    expect(refused.statusCode).toBe(404);
    expect((await create(admin, body, 'retried-key')).statusCode).toBe(200);
    expect(await balance(member)).toBe(3_000);
  });
});

describe('list-per-page', () => {
  it("shows a member only their own, and admins and devs everyone's with the member's name", async () => {
    const ana = await t.loginAs('member', { firstname: 'Anastasia' });
    const budi = await t.loginAs('member', { firstname: 'Budiman' });
    for (let i = 1; i <= 3; i += 1) await create(admin, { userId: ana.user.id, nominal: i * 1000, reason: `a${i}` });
    await create(dev, { userId: budi.user.id, nominal: 9000, reason: 'b' });

    const own = await list(ana, '?page=1&limit=2');
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.msg).toBe(BONUS_TEXT.listed);
    expect(body.meta).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(body.data.map((row: { nominal: number }) => row.nominal)).toEqual([3000, 2000]);
    expect((await list(ana, '?page=2&limit=2')).json().data).toHaveLength(1);
    expect((await list(ana, `?user_id=${budi.user.id}`)).statusCode).toBe(403);

    const all = (await list(admin, '?limit=100')).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    const budiRow = all.data.find((row: { userId: number }) => row.userId === budi.user.id);
    expect(budiRow.User).toEqual({ firstname: 'Budiman', lastname: 'Test' });

    const filtered = (await list(dev, `?user_id=${ana.user.id}`)).json();
    expect(filtered.meta.total).toBe(3);
    const searched = (await list(admin, '?search=budim')).json();
    expect(searched.data.map((row: { userId: number }) => row.userId)).toEqual([budi.user.id]);
    // Searched as the member list searches: a part of the full name, across first and last name.
    const across = (await list(admin, `?search=${encodeURIComponent('DIMAN te')}`)).json();
    expect(across.data.map((row: { userId: number }) => row.userId)).toEqual([budi.user.id]);
    const wildcard = (await list(admin, `?search=${encodeURIComponent('%')}`)).json();
    expect(wildcard.meta.total).toBe(0);

    expect((await list(await t.loginAs('staff'))).statusCode).toBe(403);
  });
});
