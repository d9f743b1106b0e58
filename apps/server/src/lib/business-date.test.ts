import { describe, expect, it } from 'vitest';
import { endOfBusinessDate, startOfBusinessDate } from './business-day.ts';

describe('startOfBusinessDate and endOfBusinessDate', () => {
  it('bound a calendar day in Jakarta (UTC+7)', () => {
    expect(startOfBusinessDate('Asia/Jakarta', '2026-11-01').toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(endOfBusinessDate('Asia/Jakarta', '2026-11-30').toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });

  it('hold far east of UTC, where noon UTC is already the next day, and across a month end', () => {
    expect(startOfBusinessDate('Pacific/Kiritimati', '2026-11-22').toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(endOfBusinessDate('UTC', '2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('follow a clock change', () => {
    expect(startOfBusinessDate('America/New_York', '2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfBusinessDate('America/New_York', '2026-03-08').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
