/**
 * An account's live event as DESIGN §7 shapes it: the device, the time, and the account as `sender`, with the
 * fields of one of the event's kinds (contract live.ts), which the compiler holds each publisher to.
 */
import type { TAccountExtras, TJobExtras, TJobRef, TLiveMessage } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import type { whatsappAccounts } from '../db/schema.ts';
import { countLiveEvent } from '../metrics/live-metrics.ts';
import type { EventBus } from './bus.ts';

export type LiveAccount = Pick<
  typeof whatsappAccounts.$inferSelect,
  'id' | 'user_id' | 'clientid' | 'state' | 'status'
>;

/** The fields of an event's kind, left out where it has none. */
type Fields<T> = object extends T ? [extra?: T] : [extra: T];

export type PublishAccountEvent<A extends LiveAccount = LiveAccount> = <E extends keyof TAccountExtras>(
  account: A,
  event: E,
  ...extra: Fields<TAccountExtras[E]>
) => Promise<void>;

/** An event of a generator's or validator's run on `account`, naming its job: one its kind sends, with its kind's fields. */
export type PublishJobEvent<A extends LiveAccount = LiveAccount> = <J extends TJobRef, E extends keyof TJobExtras<J>>(
  account: A,
  job: J,
  event: E,
  extra: TJobExtras<J>[E],
) => Promise<void>;

export function publishAccountEvent<E extends keyof TAccountExtras>(
  bus: EventBus,
  account: LiveAccount,
  event: E,
  ...[extra]: Fields<TAccountExtras[E]>
): Promise<void> {
  return publish(bus, account, event, extra ?? {});
}

export function publishJobEvent<J extends TJobRef, E extends keyof TJobExtras<J>>(
  bus: EventBus,
  account: LiveAccount,
  job: J,
  event: E,
  extra: TJobExtras<J>[E],
): Promise<void> {
  return publish(bus, account, event, { ...job, ...extra });
}

async function publish(bus: EventBus, account: LiveAccount, event: TLiveEventName, fields: object): Promise<void> {
  const { id, user_id, clientid, state, status } = account;
  countLiveEvent(event);
  const payload = {
    deviceId: clientid,
    date: new Date().toISOString(),
    sender: { id, user_id, clientid, state, status },
  };
  // The one place an account's message is put together: its fields are one of the event's kinds, as the typed
  // publishers above hold them, which the compiler cannot relate to an event it does not know yet.
  const message = { event, payload: { ...payload, ...fields } } as TLiveMessage;
  await bus.publish({ userId: user_id, message });
}
