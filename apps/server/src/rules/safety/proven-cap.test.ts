/** The cap of a proven account on its own, and as the send rule applies it day by day. */
import { describe, expect, it } from 'vitest';
import { SAFETY_SETTINGS as SETTINGS, TZ, WARMED_UP, wib } from '../../../test/safety-fixtures.ts';
import { type ProvenDay, provenAfter, provenCap, provenChange } from './proven-cap.ts';
import { type SafetyCounters, sendPolicy } from './send-policy.ts';

const thresholds = { health_slow_below: 70, health_pause_below: 40 };

/** A warmed-up account that sent its whole cap of 200 on 25 November, clean. */
const yesterdayFull: SafetyCounters = {
  ...WARMED_UP,
  sent_day: '2026-11-25',
  sent_count: 200,
  last_sent_at: wib('2026-11-25T19:50:00'),
  warmup_started_on: '2026-11-01',
};
const at = (local: string, account: SafetyCounters, health = 100) =>
  sendPolicy(
    account,
    SETTINGS,
    { timeZone: TZ, now: wib(local), enforce: true },
    {
      score: health,
      before: health,
      thresholds,
    },
  );

describe('the proven cap', () => {
  it('grows a step a proven day from the daily cap up to the ceiling, never below the daily cap', () => {
    expect([0, 1, 2, 29, 30, 31, 100].map((days) => provenCap(SETTINGS, days))).toEqual([
      200, 220, 240, 780, 800, 800, 800,
    ]);
    expect(provenCap({ ...SETTINGS, daily_cap_step: 0 }, 40)).toBe(200);
    // A ceiling an admin set below the cap does not lower it.
    expect(provenCap({ ...SETTINGS, daily_cap_max: 100 }, 5)).toBe(200);
  });

  it('keeps half of the proven days after a restriction and none after a ban', () => {
    expect(provenAfter('restricted', 9)).toBe(4);
    expect(provenAfter('restricted', 1)).toBe(0);
    expect(provenAfter('temp_banned', 9)).toBe(0);
    expect(provenAfter('suspended', 9)).toBe(0);
    expect(provenAfter('disconnected', 9)).toBe(9);
  });

  it('counts a day only when it is over, warmed up, its whole cap sent, unrestricted and healthy', () => {
    const clean: ProvenDay = {
      day: '2026-11-25',
      sent: 200,
      cap: 200,
      maxed: false,
      warmedUp: true,
      restrictedOn: null,
      healthy: true,
    };
    expect(provenChange(clean, '2026-11-26', false)).toBe('step');
    expect(provenChange(clean, '2026-11-25', false)).toBeNull();
    expect(provenChange({ ...clean, sent: 199 }, '2026-11-26', false)).toBeNull();
    expect(provenChange({ ...clean, maxed: true }, '2026-11-26', false)).toBeNull();
    expect(provenChange({ ...clean, warmedUp: false }, '2026-11-26', false)).toBeNull();
    expect(provenChange({ ...clean, healthy: false }, '2026-11-26', false)).toBeNull();
    expect(provenChange({ ...clean, restrictedOn: '2026-11-25' }, '2026-11-26', false)).toBeNull();
    // A restriction on a later day (a check on a day it sent nothing) spoils the day before it too.
    expect(provenChange({ ...clean, restrictedOn: '2026-11-26' }, '2026-11-27', false)).toBeNull();
    expect(provenChange({ ...clean, restrictedOn: '2026-11-24' }, '2026-11-26', false)).toBe('step');
    expect(provenChange({ ...clean, day: null }, '2026-11-26', false)).toBeNull();
    expect(provenChange(clean, '2026-11-26', true)).toBe('reset');
  });
});

describe('the send rule with a proven cap', () => {
  it('counts yesterday with the first send of today and lets a proven account send its grown cap', () => {
    expect(at('2026-11-26T08:00:00', yesterdayFull)).toMatchObject({
      proven: 'step',
      daily_cap: 200,
      cap_grown: false,
    });
    const proven = { ...yesterdayFull, sent_day: '2026-11-26', sent_count: 5, proven_days: 3 };
    expect(at('2026-11-26T09:00:00', proven)).toMatchObject({ proven: null, daily_cap: 260, cap_grown: true });
  });

  it('does not count a day it was restricted, in poor health, in warm-up, or short of its cap', () => {
    const restricted = { ...yesterdayFull, restricted_at: wib('2026-11-25T15:00:00') };
    expect(at('2026-11-26T08:00:00', restricted).proven).toBeNull();
    // Restricted the day before: yesterday still counts.
    const earlier = { ...yesterdayFull, restricted_at: wib('2026-11-24T15:00:00') };
    expect(at('2026-11-26T08:00:00', earlier).proven).toBe('step');
    expect(at('2026-11-26T08:00:00', yesterdayFull, 69).proven).toBeNull();
    // Warm-up day 10 of 10 was 25 November: not yet warmed up that day.
    expect(at('2026-11-26T08:00:00', { ...yesterdayFull, warmup_started_on: '2026-11-16' }).proven).toBeNull();
    expect(at('2026-11-26T08:00:00', { ...yesterdayFull, warmup_started_on: '2026-11-15' }).proven).toBe('step');
    // With 3 proven days its cap was 260: 200 sent proves nothing more.
    expect(at('2026-11-26T08:00:00', { ...yesterdayFull, proven_days: 3 }).proven).toBeNull();
    // At the ceiling (30 days of 20 over 200): the count stops.
    expect(at('2026-11-26T08:00:00', { ...yesterdayFull, sent_count: 800, proven_days: 30 }).proven).toBeNull();
    expect(at('2026-11-26T08:00:00', { ...yesterdayFull, sent_count: 780, proven_days: 29 }).proven).toBe('step');
  });

  it('starts over with a new warm-up, and the grown cap waits for the warm-up to end', () => {
    const idle = { ...yesterdayFull, last_sent_at: wib('2026-11-22T19:00:00'), proven_days: 12 };
    expect(at('2026-11-26T08:00:00', idle)).toMatchObject({ proven: 'reset', warmup_day: 1, daily_cap: 20 });
    const warming = { ...yesterdayFull, warmup_started_on: '2026-11-20', proven_days: 12 };
    expect(at('2026-11-26T09:00:00', warming)).toMatchObject({ warmup_day: 7, cap_grown: false });
  });

  it('lowers a grown cap for health and the member’s terms as it lowers any', () => {
    const proven = { ...yesterdayFull, sent_day: '2026-11-26', sent_count: 5, proven_days: 10 };
    expect(at('2026-11-26T09:00:00', proven, 50).daily_cap).toBe(204);
    expect(at('2026-11-26T09:00:00', { ...proven, member_daily_cap: 150 })).toMatchObject({
      daily_cap: 150,
      cap_grown: false,
    });
  });
});
