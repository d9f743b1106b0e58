/** The number-check budget on its own: which accounts may check, which goes first, and how long a job waits. */
import { describe, expect, it } from 'vitest';
import { SAFETY_SETTINGS, WARMED_UP, wib } from '../../../test/safety-fixtures.ts';
import type { SafetyCounters } from '../../rules/safety/send-policy.ts';
import { type CheckerUse, checkerBar, chooseChecker } from './check-budget.ts';

const SETTINGS = SAFETY_SETTINGS;
const clock = { timeZone: 'Asia/Jakarta', now: wib('2026-11-26T10:00:00'), enforce: true };
const warmedUp: SafetyCounters & { state: string; suspended: boolean; health_state: string } = {
  state: 'connected',
  suspended: false,
  health_state: 'ok',
  ...WARMED_UP,
  sent_day: '2026-11-25',
  sent_count: 150,
};

describe('which accounts may check', () => {
  it('a connected, warmed-up account that WhatsApp does not restrict', () => {
    expect(checkerBar(warmedUp, SETTINGS, clock)).toBeNull();
    // Outside the sending hours too: the hours are for messages, not for checks.
    expect(checkerBar(warmedUp, SETTINGS, { ...clock, now: wib('2026-11-26T23:00:00') })).toBeNull();
  });

  it('never an account its health paused; a slowed one still checks', () => {
    expect(checkerBar({ ...warmedUp, health_state: 'paused' }, SETTINGS, clock)).toBe('health');
    expect(checkerBar({ ...warmedUp, health_state: 'slowed' }, SETTINGS, clock)).toBeNull();
  });

  it('never an account in warm-up: linked anew, in its ramp, or idle for 72 hours', () => {
    expect(checkerBar({ ...warmedUp, last_sent_at: null, warmup_started_on: null }, SETTINGS, clock)).toBe('warmup');
    expect(checkerBar({ ...warmedUp, warmup_started_on: '2026-11-20' }, SETTINGS, clock)).toBe('warmup');
    expect(checkerBar({ ...warmedUp, last_sent_at: wib('2026-11-23T09:00:00') }, SETTINGS, clock)).toBe('warmup');
    // Day 11 of a 10-day warm-up: done.
    expect(checkerBar({ ...warmedUp, warmup_started_on: '2026-11-16' }, SETTINGS, clock)).toBeNull();
    // No warm-up at all when the admin sets none.
    expect(checkerBar({ ...warmedUp, last_sent_at: null }, { ...SETTINGS, warmup_days: 0 }, clock)).toBeNull();
  });

  it('never a restricted, suspended or disconnected account', () => {
    expect(checkerBar({ ...warmedUp, limited_until: wib('2026-11-26T10:30:00') }, SETTINGS, clock)).toBe('limited');
    expect(checkerBar({ ...warmedUp, limited_until: wib('2026-11-26T09:59:00') }, SETTINGS, clock)).toBeNull();
    expect(checkerBar({ ...warmedUp, suspended: true }, SETTINGS, clock)).toBe('away');
    expect(checkerBar({ ...warmedUp, state: 'connecting' }, SETTINGS, clock)).toBe('away');
  });
});

describe('the choice of checker', () => {
  const use = (id: number, used: number, freesAt: Date | null = null): CheckerUse => ({
    id,
    clientid: `wa-${id}`,
    used,
    freesAt,
  });

  it('spreads the checks: the least used account under its budget first, the job’s own among equals', () => {
    const choice = chooseChecker([use(1, 5), use(2, 3), use(3, 3), use(4, 30)], 30, 3);
    expect(choice.kind === 'check' && choice.order.map((account) => account.id)).toEqual([3, 2, 1]);
  });

  it('waits until the first slot frees when every account has spent its budget', () => {
    const soon = wib('2026-11-26T10:20:00');
    const later = wib('2026-11-26T10:45:00');
    expect(chooseChecker([use(1, 30, later), use(2, 31, soon)], 30, 1)).toEqual({ kind: 'quota', resumeAt: soon });
  });

  it('says so when no account may check at all', () => {
    expect(chooseChecker([], 30, 1)).toEqual({ kind: 'none' });
  });
});
