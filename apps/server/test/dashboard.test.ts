/**
 * The admin dashboard's series and service-wide counts on the real database (issue 11 item 7): each day is
 * the business day in Asia/Jakarta (the harness's BUSINESS_TZ), every day of the window is answered, and
 * only admins and devs read them.
 */
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLogs, whatsappAccounts, withdrawals } from '../src/db/schema.ts';
import { startOfBusinessDay } from '../src/lib/business-day.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
const get = (url: string, caller?: Caller) => t.app.inject({ method: 'GET', url, headers: caller?.headers });

const DAY_MS = 86_400_000;
const jakartaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
/** Midnight in Jakarta, `back` days before today's (Jakarta keeps one offset all year). */
const midnight = (back: number) => new Date(startOfBusinessDay('Asia/Jakarta').getTime() - back * DAY_MS);
const second = (at: Date, by: number) => new Date(at.getTime() + by * 1000);

let sends = 0;
async function logs(userId: number, status: 'success' | 'fail', at: Date, times = 1) {
  for (let index = 0; index < times; index++) {
    sends += 1;
    await t.db.insert(messageLogs).values({ user_id: userId, status, send_key: `dashboard-${sends}`, sent_at: at });
  }
}

async function withdrawal(userId: number, nominal: number, status: string, decidedAt: Date | null) {
  await t.db.insert(withdrawals).values({
    user_id: userId,
    nominal,
    status,
    bank: 'BCA',
    account_number: '1234567890',
    account_name: 'Budi',
    created_at: new Date(Date.now() - 40 * DAY_MS),
    decided_at: decidedAt,
  });
}

const DAILY = ['/api/admin/messagelog/daily', '/api/admin/withdraw/paid-daily'];

describe('daily series', () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await t.loginAs('admin');
    const member = await t.loginAs('member');
    const id = member.user.id;
    await logs(id, 'success', second(midnight(0), 1), 3);
    await logs(id, 'fail', second(midnight(0), 1));
    await logs(id, 'success', second(midnight(0), -1), 2);
    await logs(id, 'fail', second(midnight(1), 5), 2);
    await logs(id, 'success', second(midnight(29), 0));
    await logs(id, 'success', second(midnight(29), -1), 7);

    await withdrawal(id, 10_000, 'accepted', second(midnight(0), 1));
    await withdrawal(id, 25_000, 'accepted', second(midnight(0), 60));
    await withdrawal(id, 40_000, 'accepted', second(midnight(0), -1));
    await withdrawal(id, 90_000, 'accepted', second(midnight(30), 0));
    await withdrawal(id, 70_000, 'rejected', second(midnight(0), 1));
    await withdrawal(id, 80_000, 'requested', null);
  });

  it('counts blasts per business day across midnight in Jakarta, every day of 30 present, the empty ones at 0', async () => {
    const answer = await get('/api/admin/messagelog/daily?days=30', admin);
    expect(answer.statusCode).toBe(200);
    const { list } = answer.json() as { list: { day: string; success: number; fail: number }[] };
    expect(list).toHaveLength(30);
    expect(list.at(-1)).toEqual({ day: jakartaDay(new Date()), success: 3, fail: 1 });
    expect(list.at(-2)).toEqual({ day: jakartaDay(second(midnight(0), -1)), success: 2, fail: 2 });
    expect(list[0]).toEqual({ day: jakartaDay(midnight(29)), success: 1, fail: 0 });
    expect(list.slice(1, -2).every((entry) => entry.success === 0 && entry.fail === 0)).toBe(true);
    const days = list.map((entry) => entry.day);
    expect(days).toEqual([...days].sort());
    expect(new Set(days).size).toBe(30);
  });

  it('sums the accepted withdrawals by the business day they were accepted on', async () => {
    const { list } = (await get('/api/admin/withdraw/paid-daily?days=30', admin)).json() as {
      list: { day: string; total: number }[];
    };
    expect(list).toHaveLength(30);
    expect(list.at(-1)).toEqual({ day: jakartaDay(new Date()), total: 35_000 });
    expect(list.at(-2)).toEqual({ day: jakartaDay(second(midnight(0), -1)), total: 40_000 });
    expect(list.slice(0, -2).every((entry) => entry.total === 0)).toBe(true);
  });

  it('answers the asked window, 30 days when none is asked', async () => {
    const two = (await get('/api/admin/messagelog/daily?days=2', admin)).json();
    expect(two.list.map((entry: { success: number; fail: number }) => [entry.success, entry.fail])).toEqual([
      [2, 2],
      [3, 1],
    ]);
    const one = (await get('/api/admin/withdraw/paid-daily?days=1', admin)).json();
    expect(one.list).toEqual([{ day: jakartaDay(new Date()), total: 35_000 }]);
    for (const url of DAILY) expect((await get(url, admin)).json().list, url).toHaveLength(30);
    const widest = (await get('/api/admin/messagelog/daily?days=90', admin)).json();
    expect(widest.list).toHaveLength(90);
    expect(widest.list.slice(59, 61)).toEqual([
      { day: jakartaDay(midnight(30)), success: 7, fail: 0 },
      { day: jakartaDay(midnight(29)), success: 1, fail: 0 },
    ]);
  });

  it('refuses a window outside 1..90 days with 400 and the reason', async () => {
    for (const url of DAILY) {
      for (const days of ['0', '91', '-3', '1.5', 'abc', '']) {
        const answer = await get(`${url}?days=${days}`, admin);
        expect(answer.statusCode, `${url} ${days}`).toBe(400);
        expect(answer.json().msg, `${url} ${days}`).toBe(DASHBOARD_TEXT.badDays);
      }
    }
  });

  it('answers admins and devs only: members and staff get 403 before their input is looked at', async () => {
    const dev = await t.loginAs('dev');
    for (const url of DAILY) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, dev)).statusCode, url).toBe(200);
      for (const role of ['member', 'staff'] as const) {
        const caller = await t.loginAs(role);
        expect((await get(url, caller)).statusCode, `${url} ${role}`).toBe(403);
        expect((await get(`${url}?days=0`, caller)).statusCode, `${url} ${role}`).toBe(403);
      }
    }
  });

  it("counts today's blasts from midnight in Jakarta", async () => {
    const today = (await get('/api/admin/messagelog/today-count', admin)).json();
    expect(today).toEqual({ success: 3, fail: 1 });
  });
});

describe('service-wide WhatsApp accounts', () => {
  it("counts every user's linked accounts, connected or not, for admins and devs only", async () => {
    const before = (await get('/api/admin/whatsapp/count', await t.loginAs('dev'))).json();
    const owners = [await t.loginAs('member'), await t.loginAs('member')];
    const rows = [
      { user: 0, phonenumber: '6281200000001', state: 'connected' },
      { user: 1, phonenumber: '6281200000002', state: 'connected' },
      { user: 1, phonenumber: '6281200000003', state: 'disconnected' },
      { user: 1, phonenumber: null, state: 'unknown' },
    ];
    for (const [index, row] of rows.entries()) {
      await t.db.insert(whatsappAccounts).values({
        clientid: `dashboard-${index}-${Date.now()}`,
        user_id: owners[row.user]?.user.id ?? 0,
        phonenumber: row.phonenumber,
        state: row.state,
      });
    }
    const answer = await get('/api/admin/whatsapp/count', await t.loginAs('admin'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      connectedCount: before.connectedCount + 2,
      disconnectedCount: before.disconnectedCount + 1,
    });
    expect((await get(`/api/admin/whatsapp/count/${owners[1]?.user.id}`, owners[1])).json()).toEqual({
      connectedCount: 1,
      disconnectedCount: 1,
    });
    expect((await get('/api/admin/whatsapp/count', owners[0])).statusCode).toBe(403);
    expect((await get('/api/admin/whatsapp/count', await t.loginAs('staff'))).statusCode).toBe(403);
  });
});
