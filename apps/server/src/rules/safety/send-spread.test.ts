/**
 * The pause under the safety rule on its own: the day's cap spread evenly over the sending hours (all day,
 * across midnight, the cap reached, the hours' last minutes), drawn at random a quarter either side of the
 * even gap, never below the account's interval.
 */
import { describe, expect, it } from 'vitest';
import { wib } from '../../../test/safety-fixtures.ts';
import { SPREAD_JITTER, spreadGap, spreadInterval } from './send-spread.ts';

const TZ = 'Asia/Jakarta';
const DAY = { send_window_start: '08:00', send_window_end: '20:00' };
const gapAt = (local: string, sent_today: number, hours = DAY, daily_cap = 200, enforce = true) =>
  spreadGap({ daily_cap, sent_today }, hours, { timeZone: TZ, now: wib(local), enforce });

describe('the even gap after a send', () => {
  it("shares only the hours the member's own terms leave open", () => {
    const terms = (start: string, end: string, cap: number | null = null) => ({
      member_daily_cap: cap,
      member_window_start: start,
      member_window_end: end,
    });
    const at = (local: string, sent_today: number, own: ReturnType<typeof terms>, daily_cap = 10) =>
      spreadGap({ daily_cap, sent_today }, DAY, { timeZone: TZ, now: wib(local), enforce: true }, own);
    // 08:00–20:00 and the member's 18:00–10:00 leave 08:00–10:00 and 18:00–20:00: 4 hours, not 12.
    expect(at('2026-11-26T08:00:00', 0, terms('18:00', '10:00'))).toBe(Math.floor(14_400 / 11));
    // Between the stretches only the evening's two hours are left.
    expect(at('2026-11-26T12:00:00', 5, terms('18:00', '10:00'))).toBe(Math.floor(7_200 / 6));
    // A member's 12:00–14:00 within the service's hours, at 13:00: one hour left.
    expect(at('2026-11-26T13:00:00', 0, terms('12:00', '14:00'))).toBe(Math.floor(3_600 / 11));
    // A member's night inside an all-day service is one sending day from 22:00: at 23:00, 7 hours left.
    const allDay = { send_window_start: '00:00', send_window_end: '00:00' };
    expect(
      spreadGap(
        { daily_cap: 10, sent_today: 0 },
        allDay,
        { timeZone: TZ, now: wib('2026-11-26T23:00:00'), enforce: true },
        terms('22:00', '06:00'),
      ),
    ).toBe(Math.floor(25_200 / 11));
    // Hours that never meet: nothing to spread.
    expect(at('2026-11-26T09:00:00', 0, terms('21:00', '23:00'))).toBe(0);
  });

  it('shares the time left in the hours over the sends left and one gap more', () => {
    // 12 hours at the opening, 199 sends left: 43,200 s / 200.
    expect(gapAt('2026-11-26T08:00:00', 1)).toBe(216);
    // Half the day gone with half the cap: the same pace.
    expect(gapAt('2026-11-26T14:00:00', 100)).toBe(Math.floor(21_600 / 101));
    // Behind (a late start): the rest of the cap comes closer together.
    expect(gapAt('2026-11-26T18:00:00', 100)).toBe(Math.floor(7_200 / 101));
  });

  it('puts the last send of the day a gap before the hours close, not at the close', () => {
    // One send left with an hour to go: half an hour, and even the longest draw ends inside the hours.
    const gap = gapAt('2026-11-26T19:00:00', 199);
    expect(gap).toBe(1_800);
    expect(spreadInterval({ min: 10, max: 30 }, gap).max).toBeLessThan(3_600);
  });

  it('is small in the hours’ last minutes, so the account’s own interval rules', () => {
    expect(gapAt('2026-11-26T19:58:00', 50)).toBe(Math.floor(120 / 151));
    expect(spreadInterval({ min: 10, max: 30 }, gapAt('2026-11-26T19:58:00', 50))).toEqual({ min: 10, max: 30 });
  });

  it('is 0 once the cap is reached or the hours are over: the rule itself holds the account then', () => {
    expect(gapAt('2026-11-26T12:00:00', 200)).toBe(0);
    expect(gapAt('2026-11-26T12:00:00', 230)).toBe(0);
    expect(gapAt('2026-11-26T20:00:00', 10)).toBe(0);
    expect(gapAt('2026-11-26T07:00:00', 10)).toBe(0);
  });

  it('is 0 with the rule off', () => {
    expect(gapAt('2026-11-26T08:00:00', 1, DAY, 200, false)).toBe(0);
  });

  it('runs to the next opening when the hours are all day', () => {
    const allDay = { send_window_start: '08:00', send_window_end: '08:00' };
    // 09:00 to 08:00 the next morning: 23 hours over 100 gaps.
    expect(gapAt('2026-11-26T09:00:00', 101, allDay)).toBe(Math.floor((23 * 3600) / 100));
    const midnight = { send_window_start: '00:00', send_window_end: '00:00' };
    expect(gapAt('2026-11-26T18:00:00', 0, midnight)).toBe(Math.floor((6 * 3600) / 201));
  });

  it('counts hours across midnight as one stretch, before and after midnight', () => {
    const night = { send_window_start: '22:00', send_window_end: '06:00' };
    expect(gapAt('2026-11-26T22:00:00', 39, night, 40)).toBe(Math.floor((8 * 3600) / 2));
    expect(gapAt('2026-11-27T02:00:00', 19, night, 39)).toBe(Math.floor((4 * 3600) / 21));
    expect(gapAt('2026-11-27T06:00:00', 1, night)).toBe(0);
    expect(gapAt('2026-11-27T21:59:00', 1, night)).toBe(0);
  });

  it('counts the seconds, not only the minutes, left', () => {
    expect(gapAt('2026-11-26T19:59:30', 199)).toBe(15);
  });
});

describe('the bounds the pause is drawn from', () => {
  it('never go below the account’s interval', () => {
    expect(spreadInterval({ min: 10, max: 30 }, 0)).toEqual({ min: 10, max: 30 });
    expect(spreadInterval({ min: 60, max: 90 }, 40)).toEqual({ min: 60, max: 90 });
  });

  it('spread a quarter either side of the gap, so the sends do not tick like a clock and keep pace on average', () => {
    expect(SPREAD_JITTER).toBe(0.25);
    expect(spreadInterval({ min: 10, max: 30 }, 216)).toEqual({ min: 162, max: 270 });
    expect(spreadInterval({ min: 10, max: 30 }, 20)).toEqual({ min: 15, max: 30 });
  });
});
