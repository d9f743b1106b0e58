import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, ledgerEntries, settings, whatsappAccounts } from '../src/db/schema.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });

describe('dashboard counters', () => {
  it("answers a member's counts, today's income, balance and bonus total from the logs and the ledger", async () => {
    await t.db.update(settings).set({ price: 120, referral_percent: 25 });
    const referrer = await t.loginAs('member');
    const member = await t.loginAs('member', { referred_by: referrer.user.id });
    const admin = await t.loginAs('admin');
    const [account] = await t.db
      .insert(whatsappAccounts)
      .values({
        clientid: `counters-${Date.now()}`,
        user_id: member.user.id,
        phonenumber: '6281100000099',
        state: 'connected',
      })
      .returning();
    for (let i = 0; i < 5; i++) {
      await recordSend(t.db, {
        accountId: account?.id ?? 0,
        phoneNumberId: null,
        templateId: null,
        status: i < 3 ? 'success' : 'fail',
        sendKey: `k${i}`,
      });
    }
    await t.db
      .insert(bonuses)
      .values({ user_id: member.user.id, admin_id: admin.user.id, nominal: 5000, reason: 'Hadiah' });
    await t.db
      .insert(ledgerEntries)
      .values({ user_id: member.user.id, kind: 'bonus', amount: 5000, ref_table: 'bonuses', ref_id: 1 });

    const id = member.user.id;
    expect((await get(`/api/admin/messagelog/count/${id}`, member.headers)).json()).toEqual({
      successCount: 3,
      failCount: 2,
      deliveredCount: 0,
    });
    expect((await get(`/api/admin/messagelog/today-income/${id}`, member.headers)).json()).toEqual({ income: 360 });
    expect((await get(`/api/admin/withdraw/balance/${id}`, member.headers)).json()).toEqual({ balance: 5360 });
    expect((await get(`/api/admin/bonus/total/${id}`, member.headers)).json()).toEqual({ totalBonus: 5000 });
    expect((await get(`/api/admin/messagelog/today-income/${referrer.user.id}`, referrer.headers)).json()).toEqual({
      income: 90,
    });
    expect((await get(`/api/admin/withdraw/balance/${referrer.user.id}`, referrer.headers)).json()).toEqual({
      balance: 90,
    });

    expect((await get('/api/admin/messagelog/today-count', admin.headers)).json()).toEqual({ success: 3, fail: 2 });
    expect((await get('/api/admin/messagelog/total-count', admin.headers)).json()).toEqual({ success: 3, fail: 2 });
    expect((await get('/api/admin/users/active', admin.headers)).json().count).toBeGreaterThanOrEqual(2);
  });

  it("keeps every member's figures from other members, and the service-wide ones from members", async () => {
    const owner = await t.loginAs('member');
    const other = await t.loginAs('member');
    for (const url of [
      `/api/admin/messagelog/count/${owner.user.id}`,
      `/api/admin/messagelog/today-income/${owner.user.id}`,
      `/api/admin/withdraw/balance/${owner.user.id}`,
      `/api/admin/bonus/total/${owner.user.id}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, other.headers)).statusCode, url).toBe(403);
      expect((await get(url, owner.headers)).statusCode, url).toBe(200);
    }
    for (const url of [
      '/api/admin/messagelog/today-count',
      '/api/admin/messagelog/total-count',
      '/api/admin/users/active',
    ]) {
      expect((await get(url, owner.headers)).statusCode, url).toBe(403);
    }
  });

  it('keeps the service-wide blast counts, which only the admin dashboard shows, from staff', async () => {
    const staff = await t.loginAs('staff');
    const dev = await t.loginAs('dev');
    for (const url of ['/api/admin/messagelog/today-count', '/api/admin/messagelog/total-count']) {
      expect((await get(url, staff.headers)).statusCode, url).toBe(403);
      expect((await get(url, dev.headers)).statusCode, url).toBe(200);
    }
  });
});
