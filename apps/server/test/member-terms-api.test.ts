/**
 * The member's own terms for an account through the API (issue 23 item 3): the owner sets a lower cap and
 * narrower hours with named field errors, nobody else may, the account's answer carries them and the figures
 * that follow them, and the dashboard's income forecast counts the member's cap, not the service's.
 */
import { TERMS_TEXT } from '@sewablast/contract/safety';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['loginAs']>>;
let accountId = 0;
beforeAll(async () => {
  t = await buildTestApp({ accountSafety: true });
  owner = await t.loginAs('member');
  accountId = await addAccount('terms-own', '6281300000001');
});
afterAll(() => t.close());

/** A connected account of the owner's, warmed up long ago and sending lately, so that no warm-up lowers its cap. */
async function addAccount(
  clientid: string,
  phonenumber: string,
  values: Partial<typeof whatsappAccounts.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(whatsappAccounts)
    .values({
      clientid,
      user_id: owner.user.id,
      phonenumber,
      state: 'connected',
      last_sent_at: new Date(),
      warmup_started_on: '2020-01-01',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no account');
  return row.id;
}

const setTerms = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/whatsapp/terms', headers, payload });
const detail = async (id: number, headers = owner.headers) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/whatsapp/${id}`, headers })).json().whatsapp;

/** `HH:MM` in Jakarta (UTC+7) `hours` from now, on the hour. */
function jakartaHour(hours: number): string {
  const hour = (new Date().getUTCHours() + 7 + hours) % 24;
  return `${String(hour).padStart(2, '0')}:00`;
}

describe("the owner's terms", () => {
  it('are saved, answered in snake_case beside the cap they lower, and cleared back to the service’s', async () => {
    const saved = await setTerms(owner.headers, {
      id: accountId,
      member_daily_cap: 50,
      member_window_start: '22:00',
      member_window_end: '06:00',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().whatsapp).toMatchObject({
      member_daily_cap: 50,
      member_window_start: '22:00',
      member_window_end: '06:00',
      daily_cap: 50,
    });
    // 08:00–20:00 and 22:00–06:00 never meet: the row says so though no blast runs.
    expect(saved.json().whatsapp).toMatchObject({ wait_reason: 'no_hours', resume_at: null });
    const cleared = await setTerms(owner.headers, {
      id: accountId,
      member_daily_cap: null,
      member_window_start: '',
      member_window_end: '',
    });
    expect(cleared.json().whatsapp).toMatchObject({
      member_daily_cap: null,
      member_window_start: null,
      member_window_end: null,
      daily_cap: 200,
      wait_reason: null,
    });
  });

  it('never widen the service’s cap', async () => {
    await setTerms(owner.headers, { id: accountId, member_daily_cap: 5000 });
    expect(await detail(accountId)).toMatchObject({ member_daily_cap: 5000, daily_cap: 200 });
  });

  it('hold a blasting account until the member’s hours open, as its answer says', async () => {
    await t.db.update(settings).set({ send_window_start: '00:00', send_window_end: '00:00' });
    const blasting = await addAccount('terms-blasting', '6281300000002', { blasting: true });
    const start = jakartaHour(2);
    const res = await setTerms(owner.headers, {
      id: blasting,
      member_window_start: start,
      member_window_end: jakartaHour(3),
    });
    expect(res.statusCode).toBe(200);
    const waiting = await detail(blasting);
    expect(waiting.wait_reason).toBe('window');
    const resume = new Date(waiting.resume_at);
    expect(`${String((resume.getUTCHours() + 7) % 24).padStart(2, '0')}:00`).toBe(start);
    expect(resume.getUTCMinutes()).toBe(0);
    await t.db.update(settings).set({ send_window_start: '08:00', send_window_end: '20:00' });
  });

  it('answer bad input with named Indonesian field errors and change nothing', async () => {
    const bad = await setTerms(owner.headers, {
      id: accountId,
      member_daily_cap: 0,
      member_window_start: '24:00',
      member_window_end: '8.00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      member_daily_cap: TERMS_TEXT.badCap,
      member_window_start: TERMS_TEXT.badTime,
      member_window_end: TERMS_TEXT.badTime,
    });
    const half = await setTerms(owner.headers, { id: accountId, member_window_start: '09:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ member_window_end: TERMS_TEXT.bothTimes });
    const same = await setTerms(owner.headers, {
      id: accountId,
      member_window_start: '09:00',
      member_window_end: '09:00',
    });
    expect(same.json().errors).toEqual({ member_window_end: TERMS_TEXT.sameTimes });
    const text = await setTerms(owner.headers, { id: accountId, member_daily_cap: '50' });
    expect(text.json().errors).toEqual({ member_daily_cap: TERMS_TEXT.badCap });
    expect(await detail(accountId)).toMatchObject({ member_daily_cap: 5000, member_window_start: null });
  });

  it('are the owner’s alone: an admin or a dev sees them but may not change them', async () => {
    for (const role of ['admin', 'dev'] as const) {
      const manager = await t.loginAs(role);
      expect(await detail(accountId, manager.headers)).toMatchObject({ member_daily_cap: 5000 });
      const refused = await setTerms(manager.headers, { id: accountId, member_daily_cap: 10 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ msg: TERMS_TEXT.ownerOnly });
    }
    const staff = await t.loginAs('staff');
    const byStaff = await setTerms(staff.headers, { id: accountId, member_daily_cap: 10 });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    const [row] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    expect(row?.member_daily_cap).toBe(5000);
  });
});

describe('the income forecast', () => {
  it('counts an account limited to 50 a day as 50 sends, not the service’s 200', async () => {
    await t.db.update(settings).set({ interval_min: 10, interval_max: 30, price: 100 });
    await setTerms(owner.headers, { id: accountId, member_daily_cap: 50 });
    const free = await addAccount('terms-free', '6281300000003');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/whatsapp/forecast/${owner.user.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const forecast = res.json();
    const byId = new Map(forecast.accounts.map((account: { id: number }) => [account.id, account]));
    expect(byId.get(accountId)).toMatchObject({ daily_cap: 50, sends: 50, income: 50 * forecast.fee });
    // 12 open hours at a 20 s average would fit 2,160: the cap of 200 holds.
    expect(byId.get(free)).toMatchObject({ daily_cap: 200, open_minutes: 720, sends: 200 });
  });

  it('counts what the member’s hours fit, and nothing for hours that never meet the service’s', async () => {
    const narrow = await addAccount('terms-narrow', '6281300000004');
    // One hour at a 20 s average: 180 sends, under the cap of 200.
    await setTerms(owner.headers, { id: narrow, member_window_start: '09:00', member_window_end: '10:00' });
    const never = await addAccount('terms-never', '6281300000005');
    await setTerms(owner.headers, { id: never, member_window_start: '21:00', member_window_end: '07:00' });
    const forecast = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/whatsapp/forecast/${owner.user.id}`,
        headers: owner.headers,
      })
    ).json();
    const byId = new Map(forecast.accounts.map((account: { id: number }) => [account.id, account]));
    expect(byId.get(narrow)).toMatchObject({ open_minutes: 60, sends: 180 });
    expect(byId.get(never)).toMatchObject({ open_minutes: 0, sends: 0, income: 0 });
    const total = forecast.accounts.reduce((sum: number, account: { income: number }) => sum + account.income, 0);
    expect(forecast.daily_income).toBe(total);
  });
});
