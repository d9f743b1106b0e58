import { type TLiveMessage, ZLiveMessage } from '@sewablast/contract/live';
import { describe, expect, it } from 'vitest';
import { publishAccountEvent, publishJobEvent } from '../src/live/account-event.ts';
import { createMemoryBus } from '../src/live/bus.ts';

const account = { id: 5, user_id: 7, clientid: 'wa-5', state: 'connected', status: 'idle' };
const ERROR = { state: 'error', status: 'idle', sendError: 'gagal' } as const;
const PROGRESS = { value: 1, target: 2, progress: 50 };

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
      // @ts-expect-error `generating` is a generator's: a validator's run says `validating`
      () => publishJobEvent(bus, account, { validatorId: 9 }, 'generating', { status: 'sending', state: 'running' }),
      // @ts-expect-error a validator's failure is `error_validate`
      () => publishJobEvent(bus, account, { generatorId: 3 }, 'error_validate', ERROR),
      // @ts-expect-error only a generator's progress carries its current number
      () => publishJobEvent(bus, account, { validatorId: 9 }, 'progressing', { ...PROGRESS, current_number: '628' }),
    ];
    expect(wrong).toHaveLength(7);
  });

  it('names the job of its kind: a generator’s event with a generator’s id (compile time)', () => {
    const bus = createMemoryBus();
    const right = [
      () => publishJobEvent(bus, account, { generatorId: 3 }, 'generating', { status: 'sending', state: 'running' }),
      () => publishJobEvent(bus, account, { validatorId: 9 }, 'error_validate', ERROR),
      () => publishJobEvent(bus, account, { generatorId: 3 }, 'progressing', { ...PROGRESS, current_number: '628' }),
      () => publishJobEvent(bus, account, { validatorId: 9 }, 'progressing', PROGRESS),
    ];
    expect(right).toHaveLength(4);
  });
});
