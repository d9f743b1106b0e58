import type { TLiveMessage, TLiveMessageOf } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import { describe, expect, it } from 'vitest';
import { appendLine, isFor, lineOf, MAX_LINES } from './realtime-lines.ts';

const sender = { id: 42, user_id: 7, clientid: 'wa-device-1', state: 'connected', status: 'idle' };
/** An event of `name` with some of its kind's fields: each line shows what its event carries. */
function message<E extends TLiveEventName>(
  event: E,
  payload?: Partial<TLiveMessageOf<E>['payload']>,
): TLiveMessageOf<E>;
function message(event: TLiveEventName, payload: object = {}) {
  const date = '2026-11-24T04:05:06.000Z';
  return { event, payload: { deviceId: 'wa-device-1', date, sender, ...payload } } as TLiveMessage;
}

describe('the realtime monitor lines', () => {
  it('keeps only the events whose device id or sender id is the id asked for', () => {
    expect(isFor(message('waiting'), 'wa-device-1')).toBe(true);
    expect(isFor(message('waiting'), '42')).toBe(true);
    expect(isFor(message('waiting'), 'wa-device-2')).toBe(false);
    expect(isFor(message('waiting'), '7')).toBe(false);
    const senderless = { deviceId: '' as const, date: '', importId: 'i-1', rows: 0, phase: 'reading' as const };
    expect(isFor({ event: 'import_progress', payload: senderless }, '42')).toBe(false);
    expect(isFor(message('waiting'), '')).toBe(false);
  });

  it('shows date, event, state, status, times, seconds and number, coloured by event', () => {
    const reconnecting = lineOf(message('reconnecting', { reconnectTime: 3 }), 1);
    expect(reconnecting).toMatchObject({
      event: 'reconnecting',
      state: 'connected',
      status: 'idle',
      times: '3',
      seconds: '-',
      number: '-',
      tone: null,
    });
    expect(reconnecting.date).toMatch(/\d{2}[.:]\d{2}[.:]\d{2}/);
    expect(lineOf(message('waiting', { waitTime: 12 }), 2)).toMatchObject({ seconds: '12' });
    expect(lineOf(message('sending', { number: '628123' }), 2)).toMatchObject({ number: '628123' });
    // The event's own state wins over the sender's.
    expect(lineOf(message('connection.update', { state: 'disconnected' }), 3)).toMatchObject({
      state: 'disconnected',
      tone: 'connection',
    });
    expect(lineOf(message('authenticated', { phonenumber: '62811' }), 4)).toMatchObject({
      number: '62811',
      tone: 'authenticated',
    });
  });

  it('keeps the last lines only', () => {
    let lines = [lineOf(message('idle'), 0)];
    for (let key = 1; key <= MAX_LINES + 5; key += 1) lines = appendLine(lines, lineOf(message('idle'), key));
    expect(lines).toHaveLength(MAX_LINES);
    expect(lines[0]?.key).toBe(6);
    expect(lines.at(-1)?.key).toBe(MAX_LINES + 5);
  });
});
