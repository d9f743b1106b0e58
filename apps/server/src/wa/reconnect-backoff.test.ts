/** The reconnect wait: doubling, capped, and spread so that sessions dropped together do not return together. */
import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_MS, reconnectDelay } from './reconnect-backoff.ts';

describe('the reconnect wait', () => {
  it('doubles from its base, drawn from the upper half of each step', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, 2000, MAX_RECONNECT_MS, () => 0))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, 2000, MAX_RECONNECT_MS, () => 1))).toEqual([
      2000, 4000, 8000, 16_000,
    ]);
  });

  it('stops growing at its cap, however many tries failed', () => {
    expect(reconnectDelay(10, 2000, MAX_RECONNECT_MS, () => 1)).toBe(MAX_RECONNECT_MS);
    expect(reconnectDelay(5000, 2000, MAX_RECONNECT_MS, () => 0)).toBe(MAX_RECONNECT_MS / 2);
  });

  it('spreads a thousand sessions dropped at once over the whole step', () => {
    const waits = Array.from({ length: 1000 }, () => reconnectDelay(4, 2000));
    expect(new Set(waits).size).toBeGreaterThan(500);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(16_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(32_000);
  });
});
