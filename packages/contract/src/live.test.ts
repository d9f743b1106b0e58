import { describe, expect, expectTypeOf, it } from 'vitest';
import { type TLiveMessage, type TSender, ZLiveMessage } from './live.ts';
import { isJobEvent, type TLiveEventName } from './live-channel.ts';

const sender = { id: 1, user_id: 2, clientid: 'wa-1', state: 'connected', status: 'idle' };
const base = { deviceId: 'wa-1', date: '2026-11-27T03:00:00.000Z', sender };

describe('live events as a discriminated union', () => {
  it('gives every event name a kind', () => {
    expectTypeOf<TLiveMessage['event']>().toEqualTypeOf<TLiveEventName>();
  });

  it("lets a reader narrowed by event see exactly that kind's fields", () => {
    const read = (message: TLiveMessage) => {
      if (message.event === 'qr') {
        expectTypeOf(message.payload).toEqualTypeOf<{ deviceId: string; date: string; sender: TSender; qr: string }>();
      }
      if (message.event === 'in_use') expectTypeOf(message.payload.in_use).toEqualTypeOf<0 | 1>();
      if (message.event === 'import_progress') expectTypeOf(message.payload).not.toHaveProperty('sender');
      if (message.event === 'count_success' && !isJobEvent(message)) {
        // The blast's count: its income and its safety figures, and no job's fields.
        expectTypeOf(message.payload.income).toEqualTypeOf<number>();
        expectTypeOf(message.payload.sent_today).toEqualTypeOf<number>();
        expectTypeOf(message.payload).not.toHaveProperty('name');
        expectTypeOf(message.payload).not.toHaveProperty('generatorId');
      }
      if (message.event === 'count_success' && isJobEvent(message)) {
        // A generator's or validator's count: the name checked, and no income.
        expectTypeOf(message.payload.name).toEqualTypeOf<string>();
        expectTypeOf(message.payload).not.toHaveProperty('income');
      }
      if (message.event === 'waiting' && isJobEvent(message) && 'state' in message.payload) {
        expectTypeOf(message.payload.state).toEqualTypeOf<'quota' | 'no_checker'>();
      }
    };
    expect(read).toBeTypeOf('function');
  });

  it('holds a message to its kind at run time too', () => {
    expect(ZLiveMessage.safeParse({ event: 'qr', payload: { ...base, qr: 'QR' } }).success).toBe(true);
    // A field the kind does not carry, one it carries left out, and a job's field on an account's own event.
    expect(ZLiveMessage.safeParse({ event: 'qr', payload: { ...base, qr: 'QR', count_success: 1 } }).success).toBe(
      false,
    );
    expect(ZLiveMessage.safeParse({ event: 'sending', payload: base }).success).toBe(false);
    expect(ZLiveMessage.safeParse({ event: 'start', payload: { ...base, generatorId: 3 } }).success).toBe(false);
    const check = { ...base, generatorId: 3, count_success: 1, number: '6281', name: '', status: 'sending' };
    expect(ZLiveMessage.safeParse({ event: 'count_success', payload: check }).success).toBe(true);
  });
});
