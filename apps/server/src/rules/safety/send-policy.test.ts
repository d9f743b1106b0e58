/** The account safety rule on its own: sending hours (across midnight too), the day's cap, the warm-up. */
import { describe, expect, it } from 'vitest';
import { SAFETY_SETTINGS, TZ, WARMED_UP, wib } from '../../../test/safety-fixtures.ts';
import { sendPolicy, warmupCap } from './send-policy.ts';

const SETTINGS = SAFETY_SETTINGS;
const warmedUp = WARMED_UP;
const at = (local: string, account = warmedUp, settings = SETTINGS) =>
  sendPolicy(account, settings, { timeZone: TZ, now: wib(local), enforce: true });

describe('the sending hours', () => {
  it('hold a blast outside them until they open, and let it send inside them', () => {
    expect(at('2026-11-26T06:30:00')).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T08:00:00').toISOString(),
    });
    expect(at('2026-11-26T20:00:00')).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });
    expect(at('2026-11-26T08:00:00')).toMatchObject({ wait_reason: null, resume_at: null });
    expect(at('2026-11-26T19:59:00')).toMatchObject({ wait_reason: null });
  });

  it('may cross midnight (22:00–06:00), one sending day and one cap from opening to closing', () => {
    const night = { ...SETTINGS, send_window_start: '22:00', send_window_end: '06:00' };
    expect(at('2026-11-26T23:30:00', warmedUp, night)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-27T05:59:00', warmedUp, night)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-27T06:00:00', warmedUp, night)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T22:00:00').toISOString(),
    });
    // Its cap reached after midnight: the count of the night that began at 22:00 still holds.
    const full = { ...warmedUp, sent_day: '2026-11-26', sent_count: 200 };
    expect(at('2026-11-27T01:00:00', full, night)).toMatchObject({
      wait_reason: 'cap',
      sent_today: 200,
      resume_at: wib('2026-11-27T22:00:00').toISOString(),
    });
  });

  it('are all day when they open and close at the same time', () => {
    const allDay = { ...SETTINGS, send_window_start: '00:00', send_window_end: '00:00' };
    expect(at('2026-11-26T03:00:00', warmedUp, allDay)).toMatchObject({ wait_reason: null });
  });
});

describe('the daily cap', () => {
  it("stops the account at its cap until the next day's opening, and counts from zero on a new day", () => {
    const full = { ...warmedUp, sent_day: '2026-11-26', sent_count: 200 };
    expect(at('2026-11-26T15:00:00', full)).toMatchObject({
      wait_reason: 'cap',
      daily_cap: 200,
      sent_today: 200,
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });
    expect(at('2026-11-27T08:00:00', full)).toMatchObject({ wait_reason: null, sent_today: 0, day: '2026-11-27' });
  });
});

describe('the warm-up', () => {
  it('starts at warmup_start_cap and rises each day to daily_cap over warmup_days', () => {
    const caps = Array.from({ length: 11 }, (_, index) => warmupCap(SETTINGS, index + 1));
    expect(caps).toEqual([20, 38, 56, 74, 92, 110, 128, 146, 164, 182, 200]);
  });

  it('begins with the first send of an account that has none on record (newly linked, back from a ban)', () => {
    const fresh = { ...warmedUp, last_sent_at: null, warmup_started_on: null };
    expect(at('2026-11-26T09:00:00', fresh)).toMatchObject({
      warmup_day: 1,
      warmup_days: 10,
      daily_cap: 20,
      warmupFrom: '2026-11-26',
    });
  });

  it('counts its days, and ends after warmup_days', () => {
    const warming = { ...warmedUp, warmup_started_on: '2026-11-24', last_sent_at: wib('2026-11-25T10:00:00') };
    expect(at('2026-11-26T09:00:00', warming)).toMatchObject({ warmup_day: 3, daily_cap: 56 });
    const done = { ...warming, warmup_started_on: '2026-11-16' };
    expect(at('2026-11-26T09:00:00', done)).toMatchObject({ warmup_day: null, daily_cap: 200 });
  });

  it('begins again after 72 hours without a send', () => {
    const idle = { ...warmedUp, last_sent_at: wib('2026-11-23T08:59:00') };
    expect(at('2026-11-26T09:00:00', idle)).toMatchObject({ warmup_day: 1, daily_cap: 20, warmupFrom: '2026-11-26' });
    const recent = { ...warmedUp, last_sent_at: wib('2026-11-23T09:01:00') };
    expect(at('2026-11-26T09:00:00', recent)).toMatchObject({ warmup_day: null });
  });

  it('holds the account at its warm-up cap', () => {
    const fresh = { ...warmedUp, last_sent_at: null, warmup_started_on: null, sent_day: '2026-11-26', sent_count: 20 };
    expect(at('2026-11-26T09:00:00', fresh)).toMatchObject({ wait_reason: 'cap', daily_cap: 20 });
  });
});

describe('a restriction WhatsApp set', () => {
  it('is a wait until its end', () => {
    const limited = { ...warmedUp, limited_until: wib('2026-11-26T10:30:00') };
    expect(at('2026-11-26T10:00:00', limited)).toMatchObject({
      wait_reason: 'limited',
      resume_at: limited.limited_until.toISOString(),
    });
  });
});

describe('with ACCOUNT_SAFETY off', () => {
  it('holds nothing back and warms nothing up, but still counts the day', () => {
    const fresh = { ...warmedUp, last_sent_at: null, sent_day: '2026-11-25', sent_count: 500 };
    expect(
      sendPolicy(fresh, SETTINGS, { timeZone: TZ, now: wib('2026-11-26T03:00:00'), enforce: false }),
    ).toMatchObject({ wait_reason: null, resume_at: null, warmup_day: null, sent_today: 500, day: '2026-11-25' });
  });
});
