/**
 * The one interface between the engine and WhatsApp (DESIGN §8). A driver opens sessions; a session
 * reports what happens to it as events and sends messages and number checks. The simulator and Baileys
 * both implement it, so the engine never knows which one it drives.
 */
import type { TButton } from '@sewablast/contract/message';
import type { TLinkRefusal } from '@sewablast/contract/whatsapp';

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
  | { type: 'banned'; reason: string }
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
 * A failed send, by what the engine should do next: retry (`transient`, e.g. 429 rate-overlimit or a
 * timeout), wait for the connection (`disconnected`), give up on this recipient (`rejected`), slow down and
 * soon stop because WhatsApp limits what the account may send (`restricted`, ack error 463), or stop the
 * account (`banned`).
 */
export class SendError extends Error {
  constructor(
    readonly kind: 'transient' | 'disconnected' | 'banned' | 'rejected' | 'restricted',
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface WaSession {
  readonly deviceId: string;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  sendMessage(to: string, message: OutgoingMessage): Promise<{ id: string }>;
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

export interface WaDriver {
  readonly name: 'simulator' | 'baileys';
  open(options: OpenSessionOptions): Promise<WaSession>;
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
