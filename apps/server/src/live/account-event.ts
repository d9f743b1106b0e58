/** An account's live event as DESIGN §7 shapes it: the device, the time, and the account as `sender`. */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import type { whatsappAccounts } from '../db/schema.ts';
import { countLiveEvent } from '../metrics/live-metrics.ts';
import type { EventBus } from './bus.ts';

export type LiveAccount = Pick<
  typeof whatsappAccounts.$inferSelect,
  'id' | 'user_id' | 'clientid' | 'state' | 'status'
>;

export async function publishAccountEvent(
  bus: EventBus,
  account: LiveAccount,
  event: TLiveEventName,
  extra: Partial<TLivePayload> = {},
): Promise<void> {
  const { id, user_id, clientid, state, status } = account;
  countLiveEvent(event);
  await bus.publish({
    userId: user_id,
    message: {
      event,
      payload: {
        deviceId: clientid,
        date: new Date().toISOString(),
        sender: { id, user_id, clientid, state, status },
        ...extra,
      },
    },
  });
}
