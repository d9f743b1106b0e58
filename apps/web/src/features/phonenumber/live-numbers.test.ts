import type { TLiveMessageOf } from '@sewablast/contract/live';
import { describe, expect, it } from 'vitest';
import { applyNumberEvent } from './live-numbers.ts';

const row = {
  id: 1,
  number: '6281',
  name: 'Budi',
  status: 'active' as const,
  in_use: 0 as const,
  count_success: 2,
  count_fail: 1,
  last_sent: null,
  successAt: null,
  failAt: null,
};
const sender = { id: 1, user_id: 1, clientid: 'wa-1', state: 'connected', status: 'idle' };
/** An event of `name` on number 6281 with the fields of one of its kinds that a test names. */
const at = <E extends 'count_success' | 'count_fail' | 'in_use'>(
  event: E,
  extra: Partial<TLiveMessageOf<E>['payload']> = {},
) => ({ event, payload: { deviceId: 'wa-1', date: '', sender, number: '6281', ...extra } }) as TLiveMessageOf<E>;

describe('applyNumberEvent', () => {
  it('counts, stamps last sent, highlights and flags the number the event names', () => {
    expect(applyNumberEvent(row, at('count_success', { last_sent: '2026-11-22T10:00:00.000Z' }), 5)).toMatchObject({
      count_success: 3,
      last_sent: '2026-11-22T10:00:00.000Z',
      successAt: 5,
      failAt: null,
    });
    // A failure highlights Jumlah Gagal alone.
    expect(applyNumberEvent(row, at('count_fail'), 5)).toMatchObject({ count_fail: 2, failAt: 5, successAt: null });
    expect(applyNumberEvent(row, at('in_use', { in_use: 1 }), 5).in_use).toBe(1);
  });

  it('leaves the number alone when a generator or validator checks it: a check is no send', () => {
    for (const job of [{ generatorId: 3 }, { validatorId: 4 }]) {
      expect(applyNumberEvent(row, at('count_success', { status: 'sending', ...job }), 5)).toBe(row);
      expect(applyNumberEvent(row, at('count_fail', { status: 'sending', ...job }), 5)).toBe(row);
    }
  });

  it('leaves other numbers alone', () => {
    expect(applyNumberEvent(row, at('count_success', { deviceId: 'x', number: '6282' }), 5)).toBe(row);
  });
});
