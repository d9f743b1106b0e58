/** The health score and the pace it sets, on their own: bounds, monotony in each bad signal, the thresholds. */
import { describe, expect, it } from 'vitest';
import { SAFETY_SETTINGS, WARMED_UP } from '../../../test/safety-fixtures.ts';
import { type HealthSignals, healthPace, healthScore, healthTrend, MAX_STRETCH, NO_SIGNALS } from './health.ts';
import { sendPolicy } from './send-policy.ts';

const BAD = ['restricted', 'rateLimited', 'disconnects', 'tempBans', 'suspensions', 'lagging', 'stopped'] as const;

/** A small seeded generator (mulberry32), so that a failure is repeatable. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

function randomSignals(next: (below: number) => number): HealthSignals {
  const sent = next(300);
  const settled = next(sent + 1);
  const read = next(sent + 1);
  return {
    restricted: next(6),
    rateLimited: next(8),
    disconnects: next(15),
    tempBans: next(2),
    suspensions: next(2) * next(2),
    sent,
    settled,
    lagging: next(settled + 1),
    read,
    replied: next(read + 1),
    stopped: next(Math.floor(sent / 5) + 2),
  };
}

describe('the health score', () => {
  it('is 100 for an account with nothing against it, sends or none', () => {
    expect(healthScore(NO_SIGNALS)).toBe(100);
    expect(healthScore({ ...NO_SIGNALS, sent: 150, settled: 140, lagging: 5, read: 60, replied: 4 })).toBe(100);
  });

  it('stays within 0–100 and never rises with more of any bad signal (2,000 seeded accounts)', () => {
    const next = seeded(23);
    for (let i = 0; i < 2000; i++) {
      const signals = randomSignals(next);
      const score = healthScore(signals);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      for (const field of BAD) {
        const worse = { ...signals, [field]: signals[field] + 1 + next(3) };
        // A lagging send is one of the settled ones: more lagging never means more than were settled.
        if (field === 'lagging') worse.settled = Math.max(worse.settled, worse.lagging);
        if (field === 'lagging' && worse.settled !== signals.settled) continue;
        expect(healthScore(worse), `${field} of ${JSON.stringify(signals)}`).toBeLessThanOrEqual(score);
      }
    }
  });

  it('takes each restriction, ban and lagging share off, and lets reads and replies win back only what was lost', () => {
    expect(healthScore({ ...NO_SIGNALS, restricted: 2 })).toBe(76);
    expect(healthScore({ ...NO_SIGNALS, rateLimited: 3 })).toBe(82);
    // Two disconnects a day are free (a phone's network), each one more costs 3.
    expect(healthScore({ ...NO_SIGNALS, disconnects: 2 })).toBe(100);
    expect(healthScore({ ...NO_SIGNALS, disconnects: 6 })).toBe(88);
    expect(healthScore({ ...NO_SIGNALS, tempBans: 1 })).toBe(65);
    expect(healthScore({ ...NO_SIGNALS, suspensions: 1 })).toBe(0);
    // Half the settled sends never delivered: (0.5 − 0.1) / 0.9 of 40.
    expect(healthScore({ ...NO_SIGNALS, sent: 100, settled: 100, lagging: 50 })).toBe(82);
    // Fewer than 10 settled tell nothing.
    expect(healthScore({ ...NO_SIGNALS, sent: 9, settled: 9, lagging: 9 })).toBe(100);
    // 5 STOPs in 100 sends: half of the STOP penalty.
    expect(healthScore({ ...NO_SIGNALS, sent: 100, stopped: 5 })).toBe(85);
    expect(healthScore({ ...NO_SIGNALS, sent: 100, stopped: 5, read: 100, replied: 10 })).toBe(95);
  });

  it('has a trend only when it moved by 5 or more', () => {
    expect(healthTrend(80, 90)).toBe('down');
    expect(healthTrend(90, 80)).toBe('up');
    expect(healthTrend(88, 90)).toBe('steady');
  });
});

describe('the pace health sets', () => {
  const thresholds = { health_slow_below: 70, health_pause_below: 40 };

  it('leaves a healthy account alone, slows a falling one more the lower it falls, and pauses it below the threshold', () => {
    expect(healthPace(70, thresholds)).toEqual({ state: 'ok', stretch: 1, capShare: 1 });
    const paces = [69, 60, 50, 40].map((health) => healthPace(health, thresholds));
    for (const pace of paces) expect(pace.state).toBe('slowed');
    for (let i = 1; i < paces.length; i++) {
      expect(paces[i]?.stretch).toBeGreaterThan(paces[i - 1]?.stretch ?? 0);
      expect(paces[i]?.capShare).toBeLessThan(paces[i - 1]?.capShare ?? 1);
    }
    expect(healthPace(35, { health_slow_below: 70, health_pause_below: 0 }).stretch).toBeLessThanOrEqual(MAX_STRETCH);
    expect(healthPace(39, thresholds)).toMatchObject({ state: 'paused' });
  });

  it('in the send policy: lowers the cap, stretches the interval, holds a paused account with no promised time', () => {
    const account = {
      ...WARMED_UP,
      sent_day: '2026-11-26',
      sent_count: 5,
      last_sent_at: new Date('2026-11-26T03:00:00Z'),
    };
    const settings = {
      ...SAFETY_SETTINGS,
      send_window_start: '00:00',
      send_window_end: '00:00',
      template_repeat_days: 0,
    };
    const clock = { timeZone: 'Asia/Jakarta', now: new Date('2026-11-26T04:00:00Z'), enforce: true };
    const at = (score: number, before = score) => sendPolicy(account, settings, clock, { score, before, thresholds });
    expect(at(90)).toMatchObject({ daily_cap: 200, stretch: 1, wait_reason: null, health: 90 });
    // (50 / 70)² of 200, the interval stretched by its inverse.
    expect(at(90)).toMatchObject({ health_slowed: false });
    expect(at(50, 80)).toMatchObject({
      daily_cap: 102,
      wait_reason: null,
      health: 50,
      health_trend: 'down',
      health_slowed: true,
    });
    expect(at(50).stretch).toBeCloseTo(1.96, 2);
    expect(at(30)).toMatchObject({ wait_reason: 'health', resume_at: null, health: 30, health_pause_below: 40 });
    // Off (ACCOUNT_SAFETY=off): shown, never acted on.
    expect(
      sendPolicy(account, settings, { ...clock, enforce: false }, { score: 30, before: 30, thresholds }),
    ).toMatchObject({ wait_reason: null, daily_cap: 200, stretch: 1, health: 30 });
  });
});
