/**
 * The 'Keamanan Akun' settings through the settings API (read beside the spec's fields, validated with named
 * field errors, kept when a client leaves them out) and an account's safety figures on its API answer.
 */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../src/db/schema.ts';
import { sendingDay } from '../src/rules/safety/send-policy.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: { authorization: string };
let member: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({ accountSafety: true });
  admin = (await t.loginAs('admin')).headers;
  member = await t.loginAs('member');
});
afterAll(() => t.close());

const spec = {
  interval_min: 10,
  interval_max: 30,
  price: 100,
  bank_names: 'BCA',
  colors: '#111111',
  referral_percent: 0,
  info: 'Info',
};
const update = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/setting/update', headers: admin, payload });
const read = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/setting/get', headers: member.headers })).json().setting;

describe("the 'Keamanan Akun' settings", () => {
  it('are read beside the spec’s fields with safe defaults', async () => {
    expect(await read()).toMatchObject({
      daily_cap: 200,
      warmup_days: 10,
      warmup_start_cap: 20,
      send_window_start: '08:00',
      send_window_end: '20:00',
      template_repeat_days: 7,
      lookups_per_hour: 30,
      health_slow_below: 70,
      health_pause_below: 40,
      daily_cap_step: 20,
      daily_cap_max: 800,
    });
  });

  it('are saved, may cross midnight, and stay as they were when a client leaves them out', async () => {
    const safety = {
      daily_cap: 150,
      warmup_days: 14,
      warmup_start_cap: 15,
      send_window_start: '22:00',
      send_window_end: '06:00',
      template_repeat_days: 30,
      lookups_per_hour: 12,
      health_slow_below: 80,
      health_pause_below: 30,
      daily_cap_step: 25,
      daily_cap_max: 600,
    };
    expect((await update({ ...spec, ...safety })).statusCode).toBe(200);
    expect(await read()).toMatchObject(safety);
    expect((await update({ ...spec, info: 'Lain' })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ ...safety, info: 'Lain' });
  });

  it('answer a bad value with a named field error in Indonesian', async () => {
    const badTime = await update({ ...spec, send_window_start: '24:00', send_window_end: '8.00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().errors).toMatchObject({
      send_window_start: SAFETY_TEXT.badTime,
      send_window_end: SAFETY_TEXT.badTime,
    });
    const badCap = await update({ ...spec, daily_cap: 0, warmup_days: -1 });
    expect(badCap.statusCode).toBe(400);
    expect(Object.keys(badCap.json().errors)).toEqual(expect.arrayContaining(['daily_cap', 'warmup_days']));
    const badLookups = await update({ ...spec, lookups_per_hour: 0 });
    expect(badLookups.statusCode).toBe(400);
    expect(badLookups.json().errors).toEqual({ lookups_per_hour: `${SAFETY_TEXT.lookupsPerHour} minimal 1.` });
    const tooMany = await update({ ...spec, lookups_per_hour: 3601 });
    expect(tooMany.json().errors).toEqual({ lookups_per_hour: `${SAFETY_TEXT.lookupsPerHour} maksimal 3600.` });
    const above = await update({ ...spec, daily_cap: 50, warmup_start_cap: 60 });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual({ warmup_start_cap: SAFETY_TEXT.startCapAboveCap });
    // Against the stored cap (150) when only the first day's cap is sent.
    const aboveStored = await update({ ...spec, warmup_start_cap: 151 });
    expect(aboveStored.statusCode).toBe(400);
    expect(aboveStored.json().errors).toEqual({ warmup_start_cap: SAFETY_TEXT.startCapAboveCap });
    expect(await read()).toMatchObject({ daily_cap: 150, warmup_start_cap: 15 });
  });

  it('keep the health thresholds within 0–100 and the pause at or below the slow-down', async () => {
    const outside = await update({ ...spec, health_slow_below: 101, health_pause_below: -1 });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json().errors)).toEqual(
      expect.arrayContaining(['health_slow_below', 'health_pause_below']),
    );
    const crossed = await update({ ...spec, health_slow_below: 50, health_pause_below: 60 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({ health_pause_below: SAFETY_TEXT.pauseAboveSlow });
    // Against the stored slow-down threshold (80) when only the pause is sent.
    const aboveStored = await update({ ...spec, health_pause_below: 81 });
    expect(aboveStored.statusCode).toBe(400);
    expect(aboveStored.json().errors).toEqual({ health_pause_below: SAFETY_TEXT.pauseAboveSlow });
    expect(await read()).toMatchObject({ health_slow_below: 80, health_pause_below: 30 });
  });

  it('keep a proven account’s ceiling at or above the daily cap, and its step whole and not negative', async () => {
    const bad = await update({ ...spec, daily_cap_step: -1, daily_cap_max: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      daily_cap_step: `${SAFETY_TEXT.dailyCapStep} minimal 0.`,
      daily_cap_max: `${SAFETY_TEXT.dailyCapMax} minimal 1.`,
    });
    const below = await update({ ...spec, daily_cap: 300, daily_cap_max: 250 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual({ daily_cap_max: SAFETY_TEXT.capMaxBelowCap });
    // Against the stored cap (150) when only the ceiling is sent.
    const belowStored = await update({ ...spec, daily_cap_max: 149 });
    expect(belowStored.statusCode).toBe(400);
    expect(belowStored.json().errors).toEqual({ daily_cap_max: SAFETY_TEXT.capMaxBelowCap });
    expect((await update({ ...spec, daily_cap_step: 0, daily_cap_max: 150 })).statusCode).toBe(200);
    expect(await read()).toMatchObject({ daily_cap: 150, daily_cap_step: 0, daily_cap_max: 150 });
  });
});

describe("an account's safety figures", () => {
  it('are on GET /api/admin/whatsapp/{id}: its cap today, sent today, warm-up day, and until when it waits', async () => {
    expect(
      (await update({ ...spec, send_window_start: '00:00', send_window_end: '00:00', warmup_days: 10 })).statusCode,
    ).toBe(200);
    const today = sendingDay('Asia/Jakarta', new Date(), 0);
    const [warming, capped] = await t.db
      .insert(whatsappAccounts)
      .values([
        { clientid: 'safety-warming', user_id: member.user.id, phonenumber: '628111', state: 'connected' },
        {
          clientid: 'safety-capped',
          user_id: member.user.id,
          phonenumber: '628112',
          state: 'connected',
          blasting: true,
          sent_day: today,
          sent_count: 150,
          last_sent_at: new Date(),
          warmup_started_on: '2020-01-01',
        },
      ])
      .returning();
    const detail = async (id: number | undefined) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/whatsapp/${id}`, headers: member.headers })).json()
        .whatsapp;
    expect(await detail(warming?.id)).toMatchObject({
      daily_cap: 15,
      sent_today: 0,
      warmup_day: 1,
      warmup_days: 10,
      resume_at: null,
      wait_reason: null,
    });
    const waiting = await detail(capped?.id);
    expect(waiting).toMatchObject({
      daily_cap: 150,
      cap_grown: false,
      sent_today: 150,
      warmup_day: null,
      wait_reason: 'cap',
    });
    // The next opening of an all-day window: the next midnight in Jakarta.
    const resume = new Date(waiting.resume_at);
    expect(resume.getTime()).toBeGreaterThan(Date.now());
    expect(resume.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect((resume.getUTCHours() + 7) % 24).toBe(0);
    expect(resume.getUTCMinutes()).toBe(0);
  });

  it('carry its health, its trend, and a pause for health with no time promised', async () => {
    expect((await update({ ...spec, health_slow_below: 70, health_pause_below: 40 })).statusCode).toBe(200);
    const [sick] = await t.db
      .insert(whatsappAccounts)
      .values({
        clientid: 'safety-sick',
        user_id: member.user.id,
        phonenumber: '628113',
        state: 'connected',
        blasting: true,
        health: 30,
        health_before: 60,
      })
      .returning();
    const answer = await t.app.inject({ method: 'GET', url: `/api/admin/whatsapp/${sick?.id}`, headers: admin });
    expect(answer.json().whatsapp).toMatchObject({
      health: 30,
      health_trend: 'down',
      health_pause_below: 40,
      wait_reason: 'health',
      resume_at: null,
    });
  });
});
