/**
 * The member's own terms in the account safety rule: the lower cap holds, and the hours are those in both
 * windows, either of which may cross midnight: one stretch, two, or none at all.
 */
import { describe, expect, it } from 'vitest';
import { SAFETY_SETTINGS, TZ, WARMED_UP, wib } from '../../../test/safety-fixtures.ts';
import { minutesOpen, sendingHours } from './member-terms.ts';
import { type SafetyCounters, sendPolicy } from './send-policy.ts';

const DAY = SAFETY_SETTINGS;
const NIGHT = { ...DAY, send_window_start: '22:00', send_window_end: '06:00' };
const ALL_DAY = { ...DAY, send_window_start: '00:00', send_window_end: '00:00' };
const warmedUp = WARMED_UP;
const hoursOf = (start: string, end: string) => ({ ...warmedUp, member_window_start: start, member_window_end: end });
const at = (local: string, account: SafetyCounters, settings = DAY, enforce = true) =>
  sendPolicy(account, settings, { timeZone: TZ, now: wib(local), enforce });

describe("the member's daily cap", () => {
  it('holds when it is lower than the service’s, and widens nothing when it is higher', () => {
    const fifty = { ...warmedUp, member_daily_cap: 50, sent_day: '2026-11-26', sent_count: 50 };
    expect(at('2026-11-26T10:00:00', fifty)).toMatchObject({
      daily_cap: 50,
      wait_reason: 'cap',
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });
    const high = { ...warmedUp, member_daily_cap: 1000, sent_day: '2026-11-26', sent_count: 200 };
    expect(at('2026-11-26T10:00:00', high)).toMatchObject({ daily_cap: 200, wait_reason: 'cap' });
  });

  it('lowers a warm-up day’s cap only when it is the lower one', () => {
    const warming = { ...warmedUp, warmup_started_on: '2026-11-24', last_sent_at: wib('2026-11-25T10:00:00') };
    expect(at('2026-11-26T09:00:00', { ...warming, member_daily_cap: 30 })).toMatchObject({
      warmup_day: 3,
      daily_cap: 30,
    });
    expect(at('2026-11-26T09:00:00', { ...warming, member_daily_cap: 100 })).toMatchObject({ daily_cap: 56 });
  });
});

describe("the member's hours within the service's", () => {
  it('narrow a day window to its middle: wait for the member’s opening, stop at the member’s closing', () => {
    const phone = hoursOf('10:00', '16:00');
    expect(at('2026-11-26T09:00:00', phone)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T10:00:00').toISOString(),
      day: '2026-11-25',
    });
    expect(at('2026-11-26T10:00:00', phone)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-26T16:00:00', phone)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T10:00:00').toISOString(),
    });
  });

  it('never open the service’s hours wider: a member’s 06:00–23:00 is still 08:00–20:00', () => {
    const wide = hoursOf('06:00', '23:00');
    expect(at('2026-11-26T07:00:00', wide)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T08:00:00').toISOString(),
    });
    expect(at('2026-11-26T21:00:00', wide)).toMatchObject({ wait_reason: 'window' });
  });

  it('crossing midnight against a day window give two stretches that share one day’s cap', () => {
    // 08:00–20:00 and 18:00–10:00: 08:00–10:00 and 18:00–20:00.
    const split = hoursOf('18:00', '10:00');
    expect(at('2026-11-26T09:00:00', split)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-26T12:00:00', split)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T18:00:00').toISOString(),
    });
    expect(at('2026-11-26T19:00:00', split)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-26T20:30:00', split)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });
    // The cap spent in the morning stretch: the evening one is not a new day.
    const spent = { ...split, member_daily_cap: 40, sent_day: '2026-11-26', sent_count: 40 };
    expect(at('2026-11-26T12:00:00', spent)).toMatchObject({
      wait_reason: 'cap',
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });
    expect(at('2026-11-26T19:00:00', spent)).toMatchObject({ wait_reason: 'cap', sent_today: 40 });
  });

  it('both crossing midnight: 22:00–06:00 and 23:00–07:00 give 23:00–06:00, one night, one cap', () => {
    const late = hoursOf('23:00', '07:00');
    expect(at('2026-11-26T22:30:00', late, NIGHT)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T23:00:00').toISOString(),
    });
    expect(at('2026-11-26T23:30:00', late, NIGHT)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-27T05:59:00', late, NIGHT)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-27T06:30:00', late, NIGHT)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T23:00:00').toISOString(),
    });
    const full = { ...late, member_daily_cap: 30, sent_day: '2026-11-26', sent_count: 30 };
    expect(at('2026-11-27T02:00:00', full, NIGHT)).toMatchObject({
      wait_reason: 'cap',
      resume_at: wib('2026-11-27T23:00:00').toISOString(),
    });
  });

  it('both crossing midnight the other way round: 22:00–06:00 and 20:00–02:00 give 22:00–02:00', () => {
    const early = hoursOf('20:00', '02:00');
    expect(at('2026-11-26T21:00:00', early, NIGHT)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T22:00:00').toISOString(),
    });
    expect(at('2026-11-27T01:59:00', early, NIGHT)).toMatchObject({ wait_reason: null, day: '2026-11-26' });
    expect(at('2026-11-27T02:00:00', early, NIGHT)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-27T22:00:00').toISOString(),
    });
  });

  it('a member’s night within an all-day service is one sending day from its opening, not two at midnight', () => {
    const night = { ...hoursOf('22:00', '06:00'), member_daily_cap: 50, sent_day: '2026-11-26', sent_count: 50 };
    expect(at('2026-11-27T01:00:00', night, ALL_DAY)).toMatchObject({
      day: '2026-11-26',
      wait_reason: 'cap',
      resume_at: wib('2026-11-27T22:00:00').toISOString(),
    });
    expect(at('2026-11-26T12:00:00', hoursOf('22:00', '06:00'), ALL_DAY)).toMatchObject({
      wait_reason: 'window',
      resume_at: wib('2026-11-26T22:00:00').toISOString(),
    });
  });

  it('that never meet the service’s leave the account never sending, with no time to wait for', () => {
    const verdict = at('2026-11-26T12:00:00', hoursOf('21:00', '07:00'));
    expect(verdict).toMatchObject({ wait_reason: 'no_hours', resume_at: null });
    // Touching ends do not meet: 20:00 closes the service's hours as the member's open.
    expect(at('2026-11-26T20:00:00', hoursOf('20:00', '08:00'))).toMatchObject({ wait_reason: 'no_hours' });
    const apart = sendingHours('22:00', '06:00', hoursOf('06:00', '22:00'));
    expect(apart.never).toBe(true);
    expect(minutesOpen(apart)).toBe(0);
  });

  it('are counted in minutes a day for the forecast', () => {
    expect(minutesOpen(sendingHours('08:00', '20:00', warmedUp))).toBe(12 * 60);
    expect(minutesOpen(sendingHours('08:00', '20:00', hoursOf('18:00', '10:00')))).toBe(4 * 60);
    expect(minutesOpen(sendingHours('22:00', '06:00', hoursOf('23:00', '07:00')))).toBe(7 * 60);
    expect(minutesOpen(sendingHours('00:00', '00:00', warmedUp))).toBe(24 * 60);
    expect(sendingHours('00:00', '00:00', warmedUp).never).toBe(false);
  });
});
