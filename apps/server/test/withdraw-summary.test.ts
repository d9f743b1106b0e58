/**
 * The withdraw summary on the real database: for a member with every kind of money move (blast income, a
 * referee's shares, a bonus and a revoked one, open, paid, rejected, re-opened and taken-back withdrawals),
 * blast income + referral shares + bonuses − requested − accepted is the balance, line by line.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users, whatsappAccounts } from '../src/db/schema.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // No levels: every success earns `price`, and the referrer 10% of it.
  await t.db.update(settings).set({ price: 1000, referral_percent: 10 });
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;

let sends = 0;
async function successes(owner: Caller, count: number) {
  sends += 1;
  const [account] = await t.db
    .insert(whatsappAccounts)
    .values({
      clientid: `summary-${sends}`,
      user_id: owner.user.id,
      phonenumber: `6281400${sends}`,
      state: 'connected',
    })
    .returning();
  if (!account) throw new Error('no account');
  for (let i = 0; i < count; i += 1) {
    await recordSend(t.db, {
      accountId: account.id,
      phoneNumberId: null,
      templateId: null,
      status: 'success',
      sendKey: `s${sends}:${i}`,
    });
  }
}

const call = async (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: caller.headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('withdraw summary', () => {
  it('adds blast income, referral shares and bonuses less requested and accepted up to the balance', async () => {
    const member = await t.loginAs('member');
    const referee = await t.loginAs('member', { referred_by: member.user.id });
    const admin = await t.loginAs('admin');
    const staff = await t.loginAs('staff');
    const me = member.user.id;
    await t.db
      .update(users)
      .set({ account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi' })
      .where(eq(users.id, me));

    await successes(member, 120); // 120 000 blast income
    await successes(referee, 30); // 30 × 100 referral share
    await call(admin, 'POST', '/admin/bonus/create', { userId: me, nominal: 25_000, reason: 'Tetap' });
    const revoked = await call(admin, 'POST', '/admin/bonus/create', { userId: me, nominal: 5_000, reason: 'Salah' });
    await call(admin, 'DELETE', `/admin/bonus/${revoked.data.id}`);

    const request = async (nominal: number) =>
      (await call(member, 'POST', '/admin/withdraw/request', { nominal })).data.id as number;
    const decide = (id: number, status: string, reason?: string) =>
      call(status === 'requested' && reason ? admin : staff, 'PUT', '/admin/withdraw/update', { id, status, reason });
    const open = await request(10_000);
    const paid = await request(20_000);
    const rejected = await request(15_000);
    const reopened = await request(12_000);
    const takenBack = await request(11_000);
    await decide(paid, 'accepted');
    await decide(rejected, 'rejected');
    await decide(reopened, 'rejected');
    await decide(reopened, 'requested');
    await decide(takenBack, 'accepted');
    await decide(takenBack, 'requested', 'Transfer dikembalikan bank');
    expect(open).toBeGreaterThan(0);

    const summary = await call(member, 'GET', `/admin/withdraw/summary/${me}`);
    expect(summary).toEqual({
      blastIncome: 120_000,
      referral: 3_000,
      bonus: 25_000,
      requested: 10_000 + 12_000 + 11_000,
      accepted: 20_000,
      balance: 120_000 + 3_000 + 25_000 - 33_000 - 20_000,
    });
    const { balance } = await call(member, 'GET', `/admin/withdraw/balance/${me}`);
    expect(summary.blastIncome + summary.referral + summary.bonus - summary.requested - summary.accepted).toBe(balance);
    // The spec's own figures agree with the summary's lines.
    expect((await call(member, 'GET', `/admin/withdraw/income/${me}`)).income).toBe(123_000);
    expect((await call(member, 'GET', `/admin/withdraw/total-requested/${me}`)).total).toBe(summary.requested);
    expect((await call(staff, 'GET', `/admin/withdraw/total-accepted/${me}`)).total).toBe(summary.accepted);
  });

  it('is read by the member and the back office only', async () => {
    const member = await t.loginAs('member');
    const stranger = await t.loginAs('member');
    const url = `/api/admin/withdraw/summary/${member.user.id}`;
    const refused = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    const staff = await t.loginAs('staff');
    const empty = await t.app.inject({ method: 'GET', url, headers: staff.headers });
    expect(empty.json()).toEqual({ balance: 0, blastIncome: 0, referral: 0, bonus: 0, requested: 0, accepted: 0 });
  });
});
