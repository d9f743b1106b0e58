import { describe, expect, it } from 'vitest';
import { startOfBusinessDay } from './business-day.ts';

describe('startOfBusinessDay', () => {
  it('is midnight in Jakarta (UTC+7), whatever the server clock', () => {
    expect(startOfBusinessDay('Asia/Jakarta', new Date('2026-11-22T20:00:00Z')).toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(startOfBusinessDay('Asia/Jakarta', new Date('2026-11-22T16:59:59Z')).toISOString()).toBe(
      '2026-11-21T17:00:00.000Z',
    );
  });

  it('follows other zones and UTC', () => {
    expect(startOfBusinessDay('UTC', new Date('2026-11-22T05:06:07Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(startOfBusinessDay('America/New_York', new Date('2026-07-01T03:00:00Z')).toISOString()).toBe(
      '2026-06-30T04:00:00.000Z',
    );
  });
});
