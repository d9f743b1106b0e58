import { type TLiveMessage, ZLiveMessage } from '@sewablast/contract/live';
import { describe, expect, it } from 'vitest';
import { publishAccountEvent, publishJobEvent } from '../src/live/account-event.ts';
import { createMemoryBus } from '../src/live/bus.ts';

const account = { id: 5, user_id: 7, clientid: 'wa-5', state: 'connected', status: 'idle' };

describe('an account’s live event', () => {
  it('goes out as its kind, with the device, the time and the account as sender', async () => {
    const bus = createMemoryBus();
    const received: TLiveMessage[] = [];
    bus.subscribe(({ message }) => received.push(message));
    await publishAccountEvent(bus, account, 'count_delivered', { count_delivered: 4 });
    await publishAccountEvent(bus, account, 'start');
    await publishJobEvent(bus, account, { validatorId: 9 }, 'update_target', { target: 40 });
    const sender = { id: 5, user_id: 7, clientid: 'wa-5', state: 'connected', status: 'idle' };
    expect(received.map((message) => ZLiveMessage.parse(message))).toMatchObject([
      { event: 'count_delivered', payload: { deviceId: 'wa-5', sender, count_delivered: 4 } },
      { event: 'start', payload: { deviceId: 'wa-5', sender } },
      { event: 'update_target', payload: { deviceId: 'wa-5', sender, validatorId: 9, target: 40 } },
    ]);
  });

  it('cannot be given a field its kind does not carry, nor left without one it does (compile time)', () => {
    const bus = createMemoryBus();
    const wrong = [
      // @ts-expect-error a delivery carries no income
      () => publishAccountEvent(bus, account, 'count_delivered', { count_delivered: 4, income: 100 }),
      // @ts-expect-error a blast's count carries its income, number and safety figures
      () => publishAccountEvent(bus, account, 'count_success', { count_success: 1 }),
      // @ts-expect-error a job's count names the number checked
      () => publishJobEvent(bus, account, { generatorId: 3 }, 'count_success', { count_success: 1, status: 'sending' }),
      // @ts-expect-error `generating` is a job's event: only a run naming its job sends it
      () => publishAccountEvent(bus, account, 'generating', { status: 'sending', state: 'running' }),
    ];
    expect(wrong).toHaveLength(4);
  });
});
