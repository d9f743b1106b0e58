import type { TLiveMessage } from '@sewablast/contract/live';
import { describe, expect, it } from 'vitest';
import { changesCounters } from './member-counters.ts';

const event = (name: TLiveMessage['event'], payload: Partial<TLiveMessage['payload']> = {}): TLiveMessage => ({
  event: name,
  payload: { deviceId: 'wa-1', date: '', ...payload },
});

describe('changesCounters', () => {
  it("re-reads after the account's blast counts and connection changes", () => {
    for (const name of ['count_success', 'count_fail', 'count_synced', 'connection.update', 'reset'] as const) {
      expect(changesCounters(event(name))).toBe(true);
    }
    expect(changesCounters(event('waiting'))).toBe(false);
  });

  it("ignores a generator's or validator's counts on the account", () => {
    for (const job of [{ generatorId: 3 }, { validatorId: 4 }]) {
      for (const name of ['count_success', 'count_fail', 'count_synced', 'reset'] as const) {
        expect(changesCounters(event(name, job))).toBe(false);
      }
    }
  });
});
