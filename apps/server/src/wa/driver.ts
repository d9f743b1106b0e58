/**
 * The one interface between the engine and WhatsApp (DESIGN §8). A driver opens sessions; a session
 * reports what happens to it as events and sends messages and number checks. The simulator and Baileys
 * both implement it, so the engine never knows which one it drives.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TButton } from '@sewablast/contract/message';
import type { SIMULATOR_ACTIONS, TLinkRefusal } from '@sewablast/contract/whatsapp';

/** `outdated`: WhatsApp refuses the WhatsApp Web version the session announced (405); it keeps retrying. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'loggedOut' | 'conflict' | 'outdated';

/**
 * Why WhatsApp would not let a new device link, when it is something the member must act on:
 * `passkey`, WhatsApp asks the phone's owner to confirm the link with a passkey, which no driver can do.
 */
export type LinkRefusal = TLinkRefusal;

export type SessionEvent =
  | { type: 'qr'; qr: string }
  | { type: 'code'; code: string }
  | { type: 'authenticated'; phonenumber: string; pushname: string }
  /** `refusal`: a link WhatsApp refused (with state `loggedOut`), said to the member with what to do. */
  | { type: 'connection'; state: ConnectionState; reason?: string; refusal?: LinkRefusal }
  /** New credentials to persist at once, so that a restart never loses the session. */
  | { type: 'auth-state'; authState: unknown }
  | { type: 'message'; from: string; text: string }
  /**
   * WhatsApp banned the account: for good (406 banned, 403 locked), or until `until` (402, a temporary ban
   * whose credentials stay good: the session is over until then, and may be opened again after).
   */
  | { type: 'banned'; reason: string; until?: Date }
  /** WhatsApp reports a message this session sent (by the id sendMessage answered) delivered or read. */
  | { type: 'receipt'; id: string; status: 'delivered' | 'read' }
  /** The account's own name, learned after linking (WhatsApp sends it through app-state sync). */
  | { type: 'profile'; pushname: string };

export interface OutgoingMedia {
  bytes: Buffer;
  mime: string;
  name: string;
}

export interface OutgoingMessage {
  text: string;
  media?: OutgoingMedia;
  buttons?: TButton[];
}

/**
 * A failed send, by what the engine should do next: retry (`transient`, e.g. a timeout; a 429
 * rate-overlimit too, though a blast cools down instead), wait for the connection (`disconnected`), give up
 * on this recipient (`rejected`), wait until WhatsApp lets the account reach out again (`restricted`, ack
 * error 463 the driver could not resolve itself: a timelock with its end, or one of unknown cause), or stop
 * the account (`banned`).
 */
export class SendError extends Error {
  constructor(
    readonly kind: 'transient' | 'disconnected' | 'banned' | 'rejected' | 'restricted',
    readonly code: string,
    message: string,
    /** A restriction's end when WhatsApp tells it (its reach-out timelock): sending waits until then. */
    readonly until: Date | null = null,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface WaSession {
  readonly deviceId: string;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /**
   * Sends under `id` (newMessageId), the same for every try of one logical send: WhatsApp and the recipient's
   * phone take a message id once, so a try whose ack was lost and is sent again does not arrive twice. The
   * engine always gives one; without it the driver makes one (tests of the driver alone).
   */
  sendMessage(to: string, message: OutgoingMessage, id?: string): Promise<{ id: string }>;
  checkNumber(number: string): Promise<{ exists: boolean; name: string | null }>;
  /** Unlinks the device from the phone; the stored credentials are useless afterwards. */
  logout(): Promise<void>;
  /** Drops the connection but keeps the credentials, for a restart or a takeover by another worker. */
  close(): Promise<void>;
}

/**
 * Where a session keeps its signal keys, one entry per key with a JSON value (null deletes). Kept apart
 * from the credentials because they grow with every contact reached.
 */
export interface SessionKeyStore {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(entries: Record<string, unknown>): Promise<void>;
}

/**
 * Where a session keeps what it sent lately (opaque encoded messages by message id), so that a recipient
 * whose phone could not decrypt a message can be sent it again when it asks.
 */
export interface SentMessageStore {
  get(id: string): Promise<Uint8Array | undefined>;
  put(id: string, content: Uint8Array): Promise<void>;
}

export interface OpenSessionOptions {
  deviceId: string;
  /** Credentials from an earlier session, or null to link a new device. */
  authState: unknown;
  /** Link by pairing code for this number instead of a QR code. */
  pairingNumber?: string | null;
  /** Proxy URL the session connects through, or null to connect directly. */
  proxy?: string | null;
  /** Durable key storage; a driver that needs keys and gets none keeps them in memory. */
  keyStore?: SessionKeyStore;
  /** Durable store of sent messages for retry requests; a driver given none keeps a small one in memory. */
  sentMessages?: SentMessageStore;
}

/** What the dev simulator's controls make a phone or WhatsApp do to a session, named once in the contract. */
export type SimulatorAction = (typeof SIMULATOR_ACTIONS)[number];

/** reply: the message that comes in; scan: the number of the phone that scans (else a random one). */
export interface SimulatorInput {
  reply?: { from: string; text: string };
  phonenumber?: string;
}

export interface WaDriver {
  readonly name: 'simulator' | 'baileys';
  open(options: OpenSessionOptions): Promise<WaSession>;
  /**
   * The simulator only (the dev controls): forces `action` on the session of `deviceId`; false when this
   * driver holds no such session. WhatsApp itself cannot be told what to do, so Baileys has none.
   */
  control?(deviceId: string, action: SimulatorAction, input?: SimulatorInput): boolean;
}

/** The text a template's buttons become: interactive buttons no longer reach ordinary accounts (DESIGN §8). */
export function buttonsAsText(buttons: TButton[] | undefined): string {
  if (!buttons?.length) return '';
  return buttons
    .map((button) => {
      if (button.type === 'url_button') return `${button.title}: ${button.url}`;
      if (button.type === 'call_button') return `${button.title}: ${button.url}`;
      if (button.type === 'stop_button') return `${button.title}: balas ${button.url || 'STOP'}`;
      return `- ${button.title}`;
    })
    .join('\n');
}

/** A message id shaped as WhatsApp Web makes them (Baileys' generateMessageIDV2): 3EB0 and 18 hex digits. */
export function newMessageId(): string {
  return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
}

/**
 * The id of part `index` of a message sent as several (an audio and its text): the last part carries the
 * message's own id (receipts name it), the others one derived from it, so that a retry repeats all of them.
 */
export function partMessageId(id: string, index: number, parts: number): string {
  if (index === parts - 1) return id;
  const digest = createHash('sha256').update(`${id}:${index}`).digest('hex').toUpperCase();
  return `3EB0${digest.slice(0, 18)}`;
}
