/**
 * What happens to a simulated session's messages once WhatsApp took them: the log of what "arrived", the
 * receipts that follow, the recipients that ask for a message again (read back from the sent-message store,
 * as Baileys' getMessage does), and the cold contacts WhatsApp answers 463: for a missing trusted-contact
 * token, or all of them while a reach-out timelock runs. Under the behaviour model each message's fate (held
 * back, read, answered, stopped) follows how hard the account was pushed (simulator-risk.ts RECIPIENTS).
 */
import type { SentMessageStore, SessionEvent } from './driver.ts';
import type { Random } from './random.ts';
import type { ResolvedSimulatorOptions } from './simulator-rates.ts';
import { recipientOdds } from './simulator-risk.ts';

const SENT_LOG_SIZE = 50;
/** Message ids remembered as taken, the oldest forgotten first: a retry comes within seconds of its first try. */
const TAKEN_IDS = 1000;
/** A session given no store keeps this many messages, as the real driver's memory fallback does. */

export interface SentRecord {
  id: string;
  to: string;
  text: string;
  media: string | null;
  at: string;
  /** Sent again because the recipient asked for it (a retry request). */
  retry: boolean;
  /** The LID it went to, when WhatsApp moved the contact to one. */
  lid?: string;
  /** Under the behaviour model, what becomes of it, decided as WhatsApp took it (simulator-risk.ts RECIPIENTS). */
  fate?: Fate;
}

/** What becomes of a message under the behaviour model: a message held back is never read, answered or stopped. */
export interface Fate {
  /** WhatsApp holds it back: no delivered receipt ever comes. */
  lagged: boolean;
  read: boolean;
  replied: boolean;
  stopped: boolean;
}

/** What a recipient who answers says. */
export const SIM_REPLY = 'Boleh info lebih lanjut?';

/** What the outbox needs of its session. */
export interface OutboxHost {
  readonly deviceId: string;
  /** Receipts and retry requests reach only a connected session. */
  connected(): boolean;
  /** False once the session is over for good: what was still due never comes. */
  alive(): boolean;
  later(ms: number, work: () => void): void;
  emit(event: SessionEvent): void;
}

interface StoredMessage {
  to: string;
  text: string;
  media: string | null;
  lid?: string;
}

export class SimOutbox {
  readonly sent: SentRecord[] = [];
  /** Retry requests for a message the store no longer had: the recipient is left with "Waiting for this message". */
  retryMisses = 0;
  /** Numbers this session reached: no longer cold contacts. */
  private readonly contacted = new Set<string>();
  /** The number behind each LID a message went to, as the real account's LID map learns it from a send. */
  private readonly lidNumbers = new Map<string, string>();
  private restrictedUntil = 0;
  private lastId: string | null = null;
  private readonly taken = new Set<string>();

  constructor(
    private readonly host: OutboxHost,
    private readonly options: ResolvedSimulatorOptions,
    private readonly store: SentMessageStore,
    private readonly random: Random,
    /** The behaviour model's recipients draw from a stream of their own, so that the other rolls stay a seed's. */
    private readonly recipients: Random,
  ) {}

  /** Trusted-contact tokens fetched after a 463, each followed by one more try. */
  tcTokenFetches = 0;

  /** The end of the reach-out timelock keeping this send from a cold contact, or null when none does. */
  timelockEnd(to: string): Date | null {
    return !this.contacted.has(to) && this.options.now() < this.restrictedUntil ? new Date(this.restrictedUntil) : null;
  }

  /**
   * Whether a first message to a cold contact meets a missing trusted-contact token, at a seeded rate: the
   * session fetches it (counted) and sends once more.
   */
  needsToken(to: string): boolean {
    if (this.contacted.has(to) || this.random.next() >= this.options.rates.restricted) return false;
    this.tcTokenFetches++;
    return true;
  }

  /** Puts the account under a reach-out timelock for `restrictedMs`. */
  restrict() {
    this.restrictedUntil = this.options.now() + this.options.restrictedMs;
  }

  /** The number a LID belongs to, when this session sent to it; null for a LID it never met. */
  numberOfLid(lid: string): string | null {
    return this.lidNumbers.get(lid) ?? null;
  }

  /** Whether WhatsApp already took a message with this id. */
  has(id: string): boolean {
    return this.taken.has(id);
  }

  /**
   * A message WhatsApp accepted: logged, stored for retry requests, and followed by what its recipient does;
   * `factor` (the behaviour model's recipientFactor, null under the flat one) decides its fate, which is returned.
   */
  async accepted(id: string, message: StoredMessage, factor: number | null = null): Promise<Fate | undefined> {
    this.contacted.add(message.to);
    if (message.lid) this.lidNumbers.set(message.lid, message.to);
    this.taken.add(id);
    if (this.taken.size > TAKEN_IDS) this.taken.delete(this.taken.values().next().value as string);
    const fate = factor === null ? undefined : this.fateOf(factor);
    this.log(id, message, false, fate);
    this.lastId = id;
    // A store that failed to keep it only shows when the recipient asks again: counted then as a miss.
    await this.store.put(id, new TextEncoder().encode(JSON.stringify(message))).catch(() => undefined);
    this.schedule(id, message.to, fate);
    return fate;
  }

  /** Four rolls whatever they decide, so that a seed repeats its run. */
  private fateOf(factor: number): Fate {
    const odds = recipientOdds(factor);
    const [lag, read, reply, stop] = [0, 1, 2, 3].map(() => this.recipients.next()) as [number, number, number, number];
    const lagged = lag < odds.lag;
    return {
      lagged,
      read: !lagged && read < odds.read,
      replied: !lagged && reply < odds.reply,
      stopped: !lagged && stop < odds.stop,
    };
  }

  private log(id: string, message: StoredMessage, retry: boolean, fate?: Fate) {
    this.sent.push({
      id,
      ...message,
      at: new Date(this.options.now()).toISOString(),
      retry,
      ...(fate ? { fate } : {}),
    });
    if (this.sent.length > SENT_LOG_SIZE) this.sent.shift();
  }

  /** The same rolls for every message, whatever they decide, so that a seed repeats its run. */
  private schedule(id: string, to: string, fate?: Fate) {
    const { rates, receiptMs, laterMs } = this.options;
    const deliveredAfter = this.random.int(receiptMs[0], receiptMs[1]);
    const delivered = this.random.next() < rates.delivered && !fate?.lagged;
    const rolledRead = this.random.next() < rates.read;
    const read = fate ? fate.read : rolledRead;
    const retryAfter = this.random.int(laterMs[0], laterMs[1]);
    const retry = this.random.next() < rates.retryRequest;
    if (delivered) {
      this.host.later(deliveredAfter, () => this.receipt(id, 'delivered'));
      if (read) this.host.later(2 * deliveredAfter, () => this.receipt(id, 'read'));
    }
    if (retry) this.host.later(retryAfter, () => void this.retryRequest(id));
    const answer = fate?.stopped ? 'STOP' : fate?.replied ? SIM_REPLY : null;
    if (answer !== null) this.host.later(3 * deliveredAfter, () => this.answer(to, answer));
  }

  /** The recipient writes back; lost when the session is not connected then. */
  private answer(from: string, text: string) {
    if (this.host.connected()) this.host.emit({ type: 'message', from, text });
  }

  /** WhatsApp reports the message delivered or read; one that comes while offline waits for the connection. */
  receipt(id: string | null = this.lastId, status: 'delivered' | 'read' = 'delivered') {
    if (id === null || !this.host.alive()) return;
    if (!this.host.connected()) {
      this.host.later(this.options.reconnectMs, () => this.receipt(id, status));
      return;
    }
    this.host.emit({ type: 'receipt', id, status });
  }

  /** The recipient could not decrypt the message and asks for it again: it is sent again from the store. */
  async retryRequest(id: string | null = this.lastId): Promise<void> {
    if (id === null || !this.host.connected()) return;
    const stored = await this.store.get(id).catch(() => undefined);
    const message = stored ? parsed(stored) : null;
    if (!message) {
      this.retryMisses++;
      return;
    }
    this.log(id, message, true);
  }
}

function parsed(bytes: Uint8Array): StoredMessage | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<StoredMessage>;
    if (typeof value.to !== 'string' || typeof value.text !== 'string') return null;
    return { to: value.to, text: value.text, media: typeof value.media === 'string' ? value.media : null };
  } catch {
    return null;
  }
}
