/**
 * Delivery and read receipts (issue 13): WhatsApp reports a message the session sent as delivered to the
 * recipient's phone, then as read. The message log keeps when, the account counts each successful send
 * delivered once, and the message's template variant counts it delivered once and read once. Income stays
 * where it was paid, on the server's ack (record-send.ts).
 */
import { sql } from 'drizzle-orm';
import { type Db, withRetry } from '../../db/client.ts';
import { messageLogs, templateVariantStats, whatsappAccounts } from '../../db/schema.ts';
import { GroupCommit, type Turns } from '../../lib/group-commit.ts';
import type { LiveAccount, PublishAccountEvent } from '../../live/account-event.ts';
import { heldBy } from '../leases.ts';

export interface Receipt {
  id: string;
  status: 'delivered' | 'read';
}

export type DeliveredAccount = LiveAccount & { count_delivered: number };

export interface ReceiptResult {
  /** Whether the message has a log at all, seen by the same statement. */
  logged: boolean;
  /** The account when its count rose, for the live channel: on one receipt of it per batch. */
  account: DeliveredAccount | undefined;
}

interface Row {
  logged: boolean;
  id: number | null;
  user_id: number | null;
  clientid: string | null;
  state: string | null;
  status: string | null;
  count_delivered: number | null;
}

/**
 * Marks the logs of the receipts' messages in one statement, for the accounts `workerId`'s lease holds:
 * `delivered_at` on the first receipt of either kind (a read implies the phone got it), `read_at` on a read.
 * An account's `count_delivered` rises once for each log whose `delivered_at` was still empty, so a repeated
 * receipt, or a read after a delivered, counts once; and only for a log sent since the account's last Reset,
 * whose success is still counted beside it (a late receipt would otherwise read 'Berhasil 0 / Diterima 1'). A failed send has no id and never matches; an id the
 * logs do not know (a Blaster send, a message older than the logs) changes nothing. Answers in the order of
 * `receipts`.
 */
export async function recordReceipts(
  db: Db,
  workerId: string,
  receipts: { accountId: number; receipt: Receipt }[],
): Promise<ReceiptResult[]> {
  if (receipts.length === 0) return [];
  // One row a message: a delivered and a read of it in one batch are one read.
  const messages = new Map<string, { accountId: number; id: string; read: boolean; slot: number }>();
  // Each receipt's message's place in the statement's input, and so in its answer.
  const slots = receipts.map(({ accountId, receipt }) => {
    const key = `${accountId}\u0000${receipt.id}`;
    let message = messages.get(key);
    if (message) message.read ||= receipt.status === 'read';
    else {
      message = { accountId, id: receipt.id, read: receipt.status === 'read', slot: messages.size };
      messages.set(key, message);
    }
    return message.slot;
  });
  const unique = [...messages.values()];
  const column = <T>(pick: (message: (typeof unique)[number]) => T) => sql.param(unique.map(pick));
  // Each log row is locked before its old `delivered_at` is read, so two receipts racing cannot both count.
  const statement = sql`
    with input as (
      select * from unnest(${column((m) => m.accountId)}::int[], ${column((m) => m.id)}::varchar[],
        ${column((m) => m.read)}::bool[]) with ordinality as i(account_id, wa_id, is_read, ord)
    ),
    old as (
      select m.id, m.whatsapp_id, i.is_read, m.template_id, m.variant, m.delivered_at is null as new_delivered,
        i.is_read and m.read_at is null as new_read,
        m.delivered_at is null and m.sent_at >= coalesce((select ${whatsappAccounts.counters_reset_at}
          from ${whatsappAccounts} where ${whatsappAccounts.id} = i.account_id), '-infinity') as first
      from ${messageLogs} m join input i on m.whatsapp_id = i.account_id and m.wa_message_id = i.wa_id
      where m.status = 'success' and (m.delivered_at is null or (i.is_read and m.read_at is null))
        and exists (select 1 from ${whatsappAccounts}
                    where ${whatsappAccounts.id} = i.account_id and ${heldBy(workerId)})
      for update of m
    ),
    marked as (
      update ${messageLogs} set delivered_at = coalesce(${messageLogs.delivered_at}, now()),
        read_at = case when old.is_read then coalesce(${messageLogs.read_at}, now()) else ${messageLogs.read_at} end
      from old where ${messageLogs.id} = old.id
      returning old.whatsapp_id, old.first, old.template_id, old.variant, old.new_delivered, old.new_read
    ),
    variants as (
      update ${templateVariantStats} s set delivered = s.delivered + v.delivered, read = s.read + v.read
      from (select template_id, variant, count(*) filter (where new_delivered) as delivered,
              count(*) filter (where new_read) as read
            from marked where variant is not null group by template_id, variant) v
      where s.template_id = v.template_id and s.variant = v.variant
      returning s.template_id
    ),
    locked as (
      select a.id from ${whatsappAccounts} a where a.id in (select whatsapp_id from marked where first)
      order by a.id for no key update
    ),
    counted as (
      update ${whatsappAccounts} set count_delivered = ${whatsappAccounts.count_delivered} + c.delivered
      from (select whatsapp_id, count(*) as delivered from marked where first group by whatsapp_id) c
      where ${whatsappAccounts.id} = c.whatsapp_id and ${whatsappAccounts.id} in (select id from locked)
      returning ${whatsappAccounts.id}, ${whatsappAccounts.user_id}, ${whatsappAccounts.clientid},
        ${whatsappAccounts.state}, ${whatsappAccounts.status}, ${whatsappAccounts.count_delivered}
    )
    select exists (select 1 from ${messageLogs} m
        where m.whatsapp_id = i.account_id and m.wa_message_id = i.wa_id) as logged,
      c.id, c.user_id, c.clientid, c.state, c.status, c.count_delivered
    from input i left join counted c on c.id = i.account_id
    order by i.ord`;
  const result = await withRetry(() => db.execute(statement));
  const rows = (result as unknown as { rows: Row[] }).rows;
  const announced = new Set<number>();
  return slots.map((slot) => {
    const row = rows[slot];
    if (!row) return { logged: false, account: undefined };
    const { id, user_id, clientid, state, status, count_delivered } = row;
    if (id === null || user_id === null || clientid === null || state === null || status === null) {
      return { logged: row.logged, account: undefined };
    }
    if (count_delivered === null || announced.has(id)) return { logged: row.logged, account: undefined };
    announced.add(id);
    return { logged: row.logged, account: { id, user_id, clientid, state, status, count_delivered } };
  });
}

/** A worker's receipts, written in batches: the receipts of many sessions arriving together share a statement. */
export class ReceiptWriter {
  private readonly batches: GroupCommit<{ accountId: number; receipt: Receipt }, ReceiptResult>;

  /** `turns` is shared with the outcome writer: both raise counters on the same account rows. */
  constructor(db: Db, workerId: string, turns: Turns) {
    this.batches = new GroupCommit((items) => recordReceipts(db, workerId, items), 500, turns);
  }

  record(accountId: number, receipt: Receipt): Promise<ReceiptResult> {
    return this.batches.add({ accountId, receipt });
  }
}

/**
 * A receipt can overtake its own send: WhatsApp may report a message delivered before the engine has written
 * the send's outcome. A receipt whose message has no log yet is tried again after these delays.
 */
export const RECEIPT_RETRY_MS = [1000, 5000];

export interface ReceiptTarget {
  readonly receipts: ReceiptWriter;
  publish: PublishAccountEvent;
}

/** Records a receipt and announces the account's new count; one whose message is not logged yet, later. */
export async function applyReceipt(host: ReceiptTarget, accountId: number, receipt: Receipt, attempt = 0) {
  const { logged, account } = await host.receipts.record(accountId, receipt);
  if (account) await host.publish(account, 'count_delivered', { count_delivered: account.count_delivered });
  const delay = RECEIPT_RETRY_MS[attempt];
  if (logged || delay === undefined) return;
  const retry = setTimeout(() => {
    // A retry that finds the host stopped (the database closed) has nothing left to count.
    applyReceipt(host, accountId, receipt, attempt + 1).catch(() => undefined);
  }, delay);
  retry.unref();
}
