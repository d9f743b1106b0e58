/**
 * Delivered and read, as WhatsApp reports them for the messages a session sent: Baileys reports a 1:1
 * receipt as a status change in `messages.update`. The same receipt may come more than once, so each
 * (message, status) is passed on once per session. Baileys' per-recipient `message-receipt.update` tells
 * only of group and status messages, which the driver neither sends nor reads (`shouldIgnoreJid` drops
 * them unread): it is not listened to.
 */
import type { BaileysEventMap } from 'baileys';
import { BoundedCache } from './bounded-cache.ts';
import type { SessionEvent } from './driver.ts';

type BaileysModule = typeof import('baileys');
type Receipt = Extract<SessionEvent, { type: 'receipt' }>;

/** Receipts arrive within days of a send; a session's latest few thousand cover the duplicates. */
const RECEIPTS_KEPT = 5_000;

export class ReceiptRelay {
  private readonly seen = new BoundedCache<true>(RECEIPTS_KEPT);

  constructor(
    private readonly lib: BaileysModule,
    private readonly emit: (event: Receipt) => void,
  ) {}

  /** proto.WebMessageInfo.Status: DELIVERY_ACK is delivered, READ and PLAYED (a voice note heard) are read. */
  onUpdates(updates: BaileysEventMap['messages.update']) {
    const { DELIVERY_ACK, READ, PLAYED } = this.lib.proto.WebMessageInfo.Status;
    for (const { key, update } of updates) {
      if (!key.fromMe || !key.id) continue;
      if (update.status === DELIVERY_ACK) this.pass(key.id, 'delivered');
      else if (update.status === READ || update.status === PLAYED) this.pass(key.id, 'read');
    }
  }

  private pass(id: string, status: Receipt['status']) {
    const seen = `${id}:${status}`;
    if (this.seen.has(seen)) return;
    this.seen.set(seen, true);
    this.emit({ type: 'receipt', id, status });
  }
}
