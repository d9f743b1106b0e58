/**
 * A member's income per business day on the real database (the member dashboard's chart): blast fees and
 * referral shares from the ledger, each on its business day in Asia/Jakarta (the harness's BUSINESS_TZ),
 * every day of the window present, and read by the member and admins and devs only.
 */
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema.ts';
import { startOfBusinessDay } from '../src/lib/business-day.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
const get = (url: string, caller: Caller) => t.app.inject({ method: 'GET', url, headers: caller.headers });

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

let refs = 0;
async function entry(userId: number, kind: string, amount: number, at: Date) {
  refs += 1;
  await t.db
    .insert(ledgerEntries)
    .values({ user_id: userId, kind, amount, ref_table: 'income_daily_test', ref_id: refs, created_at: at });
}

describe('income-daily', () => {
  it('sums blast fees and referral shares per business day, and only those, every day of 30 present', async () => {
    const member = await t.loginAs('member');
    const id = member.user.id;
    await entry(id, 'blast_income', 1000, second(midnight(0), 5));
    await entry(id, 'blast_income', 1000, second(midnight(0), 60));
    await entry(id, 'referral', 100, second(midnight(0), 90));
    // The second before today's midnight in Jakarta is yesterday's.
    await entry(id, 'blast_income', 700, second(midnight(0), -1));
    await entry(id, 'blast_income', 500, second(midnight(29), 10));
    // Before the window, and moves that are not income.
    await entry(id, 'blast_income', 9999, second(midnight(30), 10));
    await entry(id, 'bonus', 5000, second(midnight(0), 30));
    await entry(id, 'withdraw_hold', -1000, second(midnight(0), 40));
    // Someone else's income.
    await entry((await t.loginAs('member')).user.id, 'blast_income', 4000, second(midnight(0), 20));

    const res = await get(`/api/admin/messagelog/income-daily/${id}`, member);
    expect(res.statusCode).toBe(200);
    const { list } = res.json() as { list: { day: string; blast: number; referral: number }[] };
    expect(list).toHaveLength(30);
    expect(list.at(-1)).toEqual({ day: jakartaDay(new Date()), blast: 2000, referral: 100 });
    expect(list.at(-2)).toEqual({ day: jakartaDay(second(midnight(0), -1)), blast: 700, referral: 0 });
    expect(list[0]).toEqual({ day: jakartaDay(midnight(29)), blast: 500, referral: 0 });
    expect(list.slice(1, -2).every((day) => day.blast === 0 && day.referral === 0)).toBe(true);

    // Today's entry is 'Pendapatan Hari Ini'.
    const today = (await get(`/api/admin/messagelog/today-income/${id}`, member)).json();
    expect(today.income).toBe(2100);

    const week = (await get(`/api/admin/messagelog/income-daily/${id}?days=7`, member)).json();
    expect(week.list).toHaveLength(7);
    const wrong = await get(`/api/admin/messagelog/income-daily/${id}?days=91`, member);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(DASHBOARD_TEXT.badDays);
  });

  it('is read by the member and by admins and devs; another member and staff get 403', async () => {
    const member = await t.loginAs('member');
    const url = `/api/admin/messagelog/income-daily/${member.user.id}`;
    for (const role of ['admin', 'dev'] as const) expect((await get(url, await t.loginAs(role))).statusCode).toBe(200);
    for (const caller of [await t.loginAs('member'), await t.loginAs('staff')]) {
      const res = await get(url, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
  });
});
