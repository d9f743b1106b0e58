/**
 * Delivery and read receipts (issue 13): WhatsApp reports a message the session sent as delivered to the
 * recipient's phone, then as read. The message log keeps when, and the account counts each successful send
 * delivered once. Income stays where it was paid, on the server's ack (record-send.ts).
 */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageLogs, whatsappAccounts } from '../db/schema.ts';
import type { LiveAccount } from '../live/account-event.ts';
import { heldBy } from './leases.ts';

export interface Receipt {
  id: string;
  status: 'delivered' | 'read';
}

export type DeliveredAccount = LiveAccount & { count_delivered: number };

/**
 * Marks the account's log of message `receipt.id` in one statement, while `workerId`'s lease holds the
 * account: `delivered_at` on the first receipt of either kind (a read implies the phone got it), `read_at`
 * on a read. The account's `count_delivered` rises only when `delivered_at` was still empty, so a repeated
 * receipt, or a read after a delivered, counts once. A failed send has no id and never matches; an id the
 * logs do not know (a Blaster send, a message older than the logs) changes nothing.
 *
 * Answers whether the message has a log at all, seen by the same statement (so that a receipt that
 * overtook its send can be tried again), and the account when its count rose, for the live channel.
 */
export async function recordReceipt(
  db: Db,
  workerId: string,
  accountId: number,
  receipt: Receipt,
): Promise<{ logged: boolean; account: DeliveredAccount | undefined }> {
  const read = receipt.status === 'read';
  const pending = read
    ? sql`(${messageLogs.delivered_at} is null or ${messageLogs.read_at} is null)`
    : sql`${messageLogs.delivered_at} is null`;
  // The log row is locked before its old `delivered_at` is read, so two receipts racing cannot both count.
  const marked = db.$with('marked', { first: sql<boolean>`first`.as('first') }).as(
    sql`update ${messageLogs} set
          delivered_at = coalesce(${messageLogs.delivered_at}, now()),
          read_at = ${read ? sql`coalesce(${messageLogs.read_at}, now())` : sql`${messageLogs.read_at}`}
        from (select ${messageLogs.id} as id, ${messageLogs.delivered_at} is null as first from ${messageLogs}
              where ${messageLogs.whatsapp_id} = ${accountId} and ${messageLogs.wa_message_id} = ${receipt.id}
                and ${messageLogs.status} = 'success' and ${pending}
                and exists (select 1 from ${whatsappAccounts}
                            where ${whatsappAccounts.id} = ${accountId} and ${heldBy(workerId)})
              for update) as old
        where ${messageLogs.id} = old.id
        returning old.first`,
  );
  const counted = db
    .$with('counted', {
      id: sql<number>`id`.as('id'),
      user_id: sql<number>`user_id`.as('user_id'),
      clientid: sql<string>`clientid`.as('clientid'),
      state: sql<string>`state`.as('state'),
      status: sql<string>`status`.as('status'),
      count_delivered: sql<number>`count_delivered`.as('count_delivered'),
    })
    .as(
      sql`update ${whatsappAccounts} set count_delivered = ${whatsappAccounts.count_delivered} + 1
          where ${whatsappAccounts.id} = ${accountId} and exists (select 1 from marked where marked.first)
          returning id, user_id, clientid, state, status, count_delivered`,
    );
  const [row] = await db
    .with(marked, counted)
    .select({
      logged: sql<boolean>`exists (select 1 from ${messageLogs}
        where ${messageLogs.whatsapp_id} = ${accountId} and ${messageLogs.wa_message_id} = ${receipt.id})`,
      id: counted.id,
      user_id: counted.user_id,
      clientid: counted.clientid,
      state: counted.state,
      status: counted.status,
      count_delivered: counted.count_delivered,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(counted, sql`true`);
  if (!row) return { logged: false, account: undefined };
  const { logged, id, user_id, clientid, state, status, count_delivered } = row;
  const account =
    id === null ||
    user_id === null ||
    clientid === null ||
    state === null ||
    status === null ||
    count_delivered === null
      ? undefined
      : { id, user_id, clientid, state, status, count_delivered };
  return { logged, account };
}

/**
 * A receipt can overtake its own send: WhatsApp may report a message delivered before the engine has written
 * the send's outcome. A receipt whose message has no log yet is tried again after these delays.
 */
export const RECEIPT_RETRY_MS = [1000, 5000];

export interface ReceiptTarget {
  readonly db: Db;
  readonly workerId: string;
  publish(account: LiveAccount, event: TLiveEventName, extra?: Partial<TLivePayload>): Promise<void>;
}

/** Records a receipt and announces the account's new count; one whose message is not logged yet, later. */
export async function applyReceipt(host: ReceiptTarget, accountId: number, receipt: Receipt, attempt = 0) {
  const { logged, account } = await recordReceipt(host.db, host.workerId, accountId, receipt);
  if (account) await host.publish(account, 'count_delivered', { count_delivered: account.count_delivered });
  const delay = RECEIPT_RETRY_MS[attempt];
  if (logged || delay === undefined) return;
  const retry = setTimeout(() => {
    // A retry that finds the host stopped (the database closed) has nothing left to count.
    applyReceipt(host, accountId, receipt, attempt + 1).catch(() => undefined);
  }, delay);
  retry.unref();
}
