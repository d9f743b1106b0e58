import type { TLiveMessage, TLiveMessageOf } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import { describe, expect, it } from 'vitest';
import { changesCounters } from './member-counters.ts';

const sender = { id: 1, user_id: 1, clientid: 'wa-1', state: 'connected', status: 'idle' };
/** An event of `name` with some of its kind's fields: what is read here is its name and the job it names. */
function event<E extends TLiveEventName>(name: E, payload?: Partial<TLiveMessageOf<E>['payload']>): TLiveMessageOf<E>;
function event(name: TLiveEventName, payload: object = {}) {
  return { event: name, payload: { deviceId: 'wa-1', date: '', sender, ...payload } } as TLiveMessage;
}

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
