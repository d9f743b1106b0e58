/**
 * WhatsApp's server as far as a send needs it, answering the frames Baileys' real socket writes to the silent
 * server (baileys-wire.ts) with the frames WhatsApp would: number and device look-ups (USync, LIDs included),
 * prekey bundles, trusted-contact tokens, the reach-out timelock query, and an ack for every message, with
 * the error a test asks for.
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { SessionCaches } from '../src/wa/baileys-caches.ts';
import { memoryKeyStore, signalKeyStore } from '../src/wa/baileys-keys.ts';
import { frame, type WireSocket } from './baileys-wire.ts';

type Node = baileys.BinaryNode;

/** A linked device's credentials: the account 6281234567890 (LID 987654321), its device 12. */
export function linkedCreds(): baileys.AuthenticationCreds {
  return {
    ...baileys.initAuthCreds(),
    me: { id: '6281234567890:12@s.whatsapp.net', lid: '987654321:12@lid', name: 'Budi' },
    registered: true,
  };
}

const children = (node: Node | undefined): Node[] => (Array.isArray(node?.content) ? node.content : []);
const child = (node: Node | undefined, tag: string) => children(node).find((each) => each.tag === tag);
const text = (content: Node['content']) =>
  typeof content === 'string' ? content : content instanceof Uint8Array ? Buffer.from(content).toString() : '';
const uint = (value: number, bytes: number) => {
  const buffer = Buffer.alloc(bytes);
  buffer.writeUIntBE(value, 0, bytes);
  return buffer;
};

/** A contact device's prekey bundle, as an `encrypt` query's answer lists it. */
function bundle(jid: string): Node {
  const identity = baileys.Curve.generateKeyPair();
  const signed = baileys.signedKeyPair(identity, 1);
  const key = (id: number, value: Uint8Array, signature?: Uint8Array): Node[] => [
    { tag: 'id', attrs: {}, content: uint(id, 3) },
    { tag: 'value', attrs: {}, content: Buffer.from(value) },
    ...(signature ? [{ tag: 'signature', attrs: {}, content: Buffer.from(signature) }] : []),
  ];
  return {
    tag: 'user',
    attrs: { jid },
    content: [
      { tag: 'registration', attrs: {}, content: uint(4242, 4) },
      { tag: 'identity', attrs: {}, content: Buffer.from(identity.public) },
      { tag: 'skey', attrs: {}, content: key(signed.keyId, signed.keyPair.public, signed.signature) },
      { tag: 'key', attrs: {}, content: key(7, baileys.Curve.generateKeyPair().public) },
    ],
  };
}

export class WireWhatsApp {
  /**
   * Phone numbers on WhatsApp, each with its LID: every account has one in 2026, and Baileys 7 keeps a
   * contact's signal sessions under it (a number with none cannot be encrypted to).
   */
  readonly contacts = new Map<string, string>();
  /** What the timelock query answers (`xwa2_fetch_account_reachout_timelock`). */
  timelock: { is_active: boolean; time_enforcement_ends?: string } = { is_active: false };
  /** Whether the answer to a token issuance carries the contact's trusted-contact token. */
  givesTokens = false;
  /** The error a message stanza is acked with, or null when WhatsApp takes it. */
  refuse: (stanza: Node) => string | null = () => null;
  /** Every message stanza Baileys wrote, in order. */
  readonly messages: Node[] = [];
  /** Every query (iq) Baileys wrote, by its xmlns. */
  readonly queries: Node[] = [];

  constructor(private readonly socket: () => WireSocket) {}

  /** Reads one frame Baileys wrote; a listener of the silent server. */
  readonly take = (node: Node) => {
    if (node.tag === 'message') {
      this.messages.push(node);
      const error = this.refuse(node);
      const { id = '', to = '' } = node.attrs;
      this.answer({ tag: 'ack', attrs: { class: 'message', id, from: to, ...(error ? { error } : {}) } });
      return;
    }
    if (node.tag !== 'iq') return;
    this.queries.push(node);
    const answer = this.result(node);
    if (answer) this.answer({ tag: 'iq', attrs: { id: node.attrs.id ?? '', type: 'result' }, content: answer });
  };

  /** Frames the test sends as WhatsApp would, once the frame that asked is fully handled. */
  answer(node: Node) {
    setImmediate(() => frame(this.socket(), node));
  }

  private result(query: Node): Node[] | null {
    switch (query.attrs.xmlns) {
      case 'usync':
        return [{ tag: 'usync', attrs: {}, content: [{ tag: 'list', attrs: {}, content: this.users(query) }] }];
      case 'encrypt': {
        const users = children(child(query, 'key')).map((user) => bundle(user.attrs.jid ?? ''));
        return [{ tag: 'list', attrs: {}, content: users }];
      }
      case 'privacy': {
        if (!this.givesTokens) return [];
        const tokens = children(child(query, 'tokens')).map((token) => ({
          tag: 'token',
          attrs: { jid: token.attrs.jid ?? '', t: String(Math.floor(Date.now() / 1000)), type: 'trusted_contact' },
          content: Buffer.from(`token-of-${token.attrs.jid}`),
        }));
        return [{ tag: 'tokens', attrs: {}, content: tokens }];
      }
      case 'w:mex': {
        if (child(query, 'query')?.attrs.query_id !== baileys.QueryIds.REACHOUT_TIMELOCK) return null;
        const data = { data: { xwa2_fetch_account_reachout_timelock: this.timelock } };
        return [{ tag: 'result', attrs: {}, content: Buffer.from(JSON.stringify(data)) }];
      }
      default:
        return null;
    }
  }

  /** A USync answer: contact (on WhatsApp or not), devices (device 0 of each contact) and LID, as asked. */
  private users(query: Node): Node[] {
    const usync = child(query, 'usync');
    const asked = new Set(children(child(usync, 'query')).map((protocol) => protocol.tag));
    const me = baileys.jidDecode(linkedCreds().me?.id)?.user;
    return children(child(usync, 'list')).flatMap((user) => {
      const phone = text(child(user, 'contact')?.content).replace('+', '');
      const jid = phone ? `${phone}@s.whatsapp.net` : (user.attrs.jid ?? '');
      const { user: number = '', server } = baileys.jidDecode(jid) ?? {};
      const known = server === 'lid' ? [...this.contacts.values()].includes(jid) : this.contacts.has(number);
      const content: Node[] = [];
      if (asked.has('contact')) content.push({ tag: 'contact', attrs: { type: known ? 'in' : 'out' } });
      if (asked.has('devices')) {
        const devices = known ? [{ tag: 'device', attrs: { id: '0' } }] : [];
        content.push({ tag: 'devices', attrs: {}, content: [{ tag: 'device-list', attrs: {}, content: devices }] });
      }
      const lid = server === 'lid' ? null : this.contacts.get(number);
      if (asked.has('lid') && lid) content.push({ tag: 'lid', attrs: { val: lid } });
      return number === me ? [] : [{ tag: 'user', attrs: { jid }, content }];
    });
  }
}

/**
 * A contact's device writing to the account: its own signal repository (Baileys') opens a session with the
 * account's device from the keys its credentials publish, and encrypts each text as the phone would.
 */
export class WireContact {
  private readonly repository: ReturnType<typeof baileys.DEFAULT_CONNECTION_CONFIG.makeSignalRepository>;
  private opened = false;
  private sent = 0;

  constructor(
    /** The contact's LID, the address its messages come from. */
    readonly lid: string,
    /** The account's credentials: its registration, identity and signed prekey. */
    private readonly account: baileys.AuthenticationCreds,
  ) {
    const logger: ReturnType<typeof pino> = pino({ level: 'silent' });
    const store = signalKeyStore(baileys, memoryKeyStore(), logger, new SessionCaches().signalKeys);
    this.repository = baileys.DEFAULT_CONNECTION_CONFIG.makeSignalRepository(
      {
        creds: baileys.initAuthCreds(),
        keys: baileys.addTransactionCapability(store, logger, { maxCommitRetries: 1, delayBetweenTriesMs: 1 }),
      },
      logger,
    );
  }

  /** The `message` frame of `text` to the account's LID device, with `attrs` added (e.g. `sender_pn`). */
  async message(text: string, attrs: Record<string, string> = {}): Promise<Node> {
    const device = this.account.me?.lid ?? '';
    if (!this.opened) {
      const { signedIdentityKey, signedPreKey, registrationId } = this.account;
      await this.repository.injectE2ESession({
        jid: device,
        session: {
          registrationId,
          identityKey: Buffer.from(baileys.generateSignalPubKey(signedIdentityKey.public)),
          signedPreKey: {
            keyId: signedPreKey.keyId,
            publicKey: Buffer.from(baileys.generateSignalPubKey(signedPreKey.keyPair.public)),
            signature: signedPreKey.signature,
          },
          // No one-time prekey (the account's are uploaded at login, not played here): libsignal takes a bundle
          // without one, which its .d.ts does not say.
        } as never,
      });
      this.opened = true;
    }
    const { type, ciphertext } = await this.repository.encryptMessage({
      jid: device,
      data: baileys.encodeWAMessage({ conversation: text }),
    });
    this.sent += 1;
    return {
      tag: 'message',
      attrs: {
        id: `IN${this.sent}${this.lid.slice(0, 6)}`,
        from: this.lid,
        type: 'text',
        t: String(Math.floor(Date.now() / 1000)),
        addressing_mode: 'lid',
        ...attrs,
      },
      content: [{ tag: 'enc', attrs: { v: '2', type }, content: ciphertext }],
    };
  }
}
