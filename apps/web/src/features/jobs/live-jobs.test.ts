import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TLiveMessage, TLiveMessageOf } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import { describe, expect, it } from 'vitest';
import { isFresh } from '../../lib/live.ts';
import {
  applyJobEvent,
  concernsJob,
  type JobFields,
  type JobListMessage,
  jobStatusLabel,
  toLiveJob,
} from './live-jobs.ts';

interface Generator extends JobFields {
  current_number: string | null;
}

const generator = toLiveJob<Generator>({
  id: 7,
  status: 'idle',
  state: 'idle',
  count_success: 0,
  count_fail: 0,
  total: 40,
  done: 0,
  progress: 0,
  last_error: null,
  current_number: null,
  Whatsapp: { id: 3, clientid: 'wa-3', state: 'connected' },
});

const sender = { id: 3, user_id: 1, clientid: 'wa-3', state: 'connected', status: 'idle' };
/** An event of `name` about generator 7 (unless a test names another), with the fields of its kind a test names. */
function event<E extends JobListMessage['event']>(
  name: E,
  payload?: Partial<Extract<JobListMessage, { event: E }>['payload']>,
): Extract<JobListMessage, { event: E }>;
function event(name: TLiveEventName, payload: object = {}) {
  return { event: name, payload: { deviceId: 'wa-3', date: '', sender, generatorId: 7, ...payload } } as TLiveMessage;
}
/** An account's own event, with the fields of its kind a test names. */
function accountEvent<E extends TLiveEventName>(
  name: E,
  payload?: Partial<TLiveMessageOf<E>['payload']>,
): TLiveMessageOf<E>;
function accountEvent(name: TLiveEventName, payload: object = {}) {
  return { event: name, payload: { deviceId: 'wa-3', date: '', sender, ...payload } } as TLiveMessage;
}

const label = (row: typeof generator, now = 0) => jobStatusLabel(row, now, 'Generating');

describe('applyJobEvent', () => {
  it('follows a run from generating through counts, progress and waits to finished', () => {
    let row = applyJobEvent({ ...generator, requesting: true }, event('generating'), 0);
    expect(row).toMatchObject({ status: 'sending', requesting: false });
    expect(label(row)).toBe('Generating');

    row = applyJobEvent(row, event('count_success', { count_success: 1, status: 'sending' }), 1000);
    row = applyJobEvent(
      row,
      event('progressing', { value: 1, target: 40, progress: 2.5, current_number: '6281200000001' }),
      1000,
    );
    expect(row).toMatchObject({ count_success: 1, successAt: 1000, done: 1, progress: 2.5 });
    expect(row.current_number).toBe('6281200000001');

    row = applyJobEvent(row, event('waiting', { waitTime: 2 }), 1000);
    expect([1000, 2000, 3000, 9000].map((now) => label(row, now))).toEqual([
      'Waiting (2 s)',
      'Waiting (1 s)',
      'Waiting (0 s)',
      'Waiting (0 s)',
    ]);
    row = applyJobEvent(row, event('attempting', { code: '429' }), 3000);
    expect(label(row)).toBe('Fail, attempting (429)');
    row = applyJobEvent(row, event('count_fail', { count_fail: 1, status: 'sending' }), 4000);
    expect(row).toMatchObject({ count_fail: 1, failAt: 4000, attempting: null });

    row = applyJobEvent(
      row,
      event('finished', {
        state: 'finished',
        status: 'idle',
        progress: 100,
        count_success: 30,
        count_fail: 10,
        current_number: null,
      }),
      5000,
    );
    expect(row).toMatchObject({ status: 'idle', state: 'finished', progress: 100, count_success: 30, count_fail: 10 });
    expect(row.current_number).toBeNull();
    expect(label(row)).toBe('Selesai');
  });

  it('highlights only the count that changed, for 1 s', () => {
    const failed = applyJobEvent(generator, event('count_fail', { count_fail: 1 }), 500);
    expect(isFresh(failed.failAt, 1400)).toBe(true);
    expect(isFresh(failed.failAt, 1500)).toBe(false);
    expect(failed.successAt).toBeNull();
  });

  it('clears the flags and the countdown on stop and idle', () => {
    const waiting = applyJobEvent({ ...generator, status: 'sending' }, event('waiting', { waitTime: 5 }), 0);
    for (const name of ['stop', 'idle'] as const) {
      expect(applyJobEvent(waiting, event(name, { state: 'idle' }), 0)).toMatchObject({
        status: 'idle',
        state: 'idle',
        waiting: null,
        attempting: null,
        progressing: false,
      });
    }
  });

  it('keeps the real progress and shows why when a run stops on an error', () => {
    const running = { ...generator, status: 'sending' as const, progress: 40 };
    const failed = applyJobEvent(
      running,
      event('error_generate', { state: 'error', status: 'idle', sendError: 'banned' }),
      0,
    );
    expect(failed).toMatchObject({ status: 'idle', state: 'error', progress: 40, last_error: 'banned' });
    expect(label(failed)).toBe('Gagal');
  });

  it('shows a reconnect while running, and a conflict stops the row', () => {
    const running = { ...generator, status: 'sending' as const };
    expect(label(applyJobEvent(running, event('reconnecting'), 0))).toBe('reconnecting...');
    // A drop during a retry or a pause: the row waits for the account, not for the retry or the countdown.
    const retrying = applyJobEvent(running, event('attempting', { code: '429' }), 0);
    expect(label(applyJobEvent(retrying, event('reconnecting'), 0))).toBe('reconnecting...');
    const waiting = applyJobEvent(running, event('waiting', { waitTime: 5 }), 0);
    expect(label(applyJobEvent(waiting, event('reconnecting'), 0))).toBe('reconnecting...');
    const conflict = applyJobEvent(running, event('connection.update', { state: 'conflict' }), 0);
    expect(conflict).toMatchObject({ status: 'idle', Whatsapp: { state: 'conflict' } });
  });

  it('says it waits for check budget until checking resumes, and when no account may check', () => {
    const running = applyJobEvent({ ...generator, status: 'sending' as const }, event('waiting', { waitTime: 2 }), 0);
    const quota = applyJobEvent(running, event('waiting', { waitTime: 1800, state: 'quota', status: 'sending' }), 0);
    expect(quota).toMatchObject({ state: 'quota', waiting: null });
    expect(label(quota, 5000)).toBe(JOB_TEXT.waitLookups);
    // The row as the list read it, before any event.
    expect(label({ ...generator, status: 'sending', state: 'quota' })).toBe(JOB_TEXT.waitLookups);
    const resumed = applyJobEvent(quota, event('generating', { status: 'sending', state: 'running' }), 0);
    expect(label(resumed)).toBe('Generating');
    const none = applyJobEvent(running, event('waiting', { waitTime: 300, state: 'no_checker' }), 0);
    expect(label(none)).toBe(JOB_TEXT.noChecker);
    // A stop ends the wait.
    expect(label(applyJobEvent(quota, event('stop', { state: 'idle' }), 0))).toBe(JOB_TEXT.idle);
  });
});

describe('concernsJob', () => {
  it('matches its own job by id, and a connection change by the account', () => {
    expect(concernsJob(generator, event('count_success'), 'generatorId')).toBe(true);
    expect(concernsJob(generator, event('count_success', { generatorId: 8 }), 'generatorId')).toBe(false);
    // A validator's or a blast's event on the same account is not this generator's.
    expect(
      concernsJob(generator, event('count_success', { generatorId: undefined, validatorId: 7 }), 'generatorId'),
    ).toBe(false);
    expect(concernsJob(generator, accountEvent('connection.update'), 'generatorId')).toBe(true);
    expect(concernsJob(generator, accountEvent('connection.update', { deviceId: 'wa-9' }), 'generatorId')).toBe(false);
  });
});
