/**
 * A stand-in for a Baileys socket and the driver opened over it: the test emits what WhatsApp would, and
 * sees what the driver sent. Shared by the driver's test files.
 */
import { EventEmitter } from 'node:events';
import {
  type AnyMessageContent,
  type BinaryNode,
  generateWAMessage,
  type proto,
  type UserFacingSocketConfig,
  type WAMediaUploadFunction,
} from 'baileys';
import { BaileysDriver } from '../src/wa/baileys.ts';
import type { Reachout } from '../src/wa/baileys-reachout.ts';
import type { BaileysSocket, VersionSource } from '../src/wa/baileys-socket.ts';
import type { SentMessageStore, SessionEvent, SessionKeyStore, WaSession } from '../src/wa/driver.ts';

/** Stands in for a Baileys socket: the test emits what WhatsApp would, and sees what the driver sent. */
export class FakeSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: (event: string, listener: (value: unknown) => void) => {
      this.emitter.on(event, listener);
    },
  } as BaileysSocket['ev'];
  readonly frames = new EventEmitter();
  readonly ws = {
    on: (event: string, listener: (node: BinaryNode) => void) => {
      this.frames.on(event, listener);
    },
  };
  user?: BaileysSocket['user'];
  /** Every message relayed, as the proto.Message WhatsApp would get; a message id arrives once, however often relayed. */
  readonly sent: { jid: string; message: proto.IMessage; id: string }[] = [];
  /** The media types uploaded, one entry per upload. */
  readonly uploads: string[] = [];
  /** How long an upload takes. */
  uploadDelayMs = 0;
  /** The error code WhatsApp's server answers the next sends with, instead of accepting them. */
  ackError: string | null = null;
  /** Relays that reach WhatsApp but whose ack is lost on the way back, from the next one on. */
  dropAcks = 0;
  readonly presence: string[] = [];
  /** Numbers without a WhatsApp account, and how often the driver asked. */
  readonly missing = new Set<string>();
  lookups = 0;
  /** What WhatsApp's server answers the next onWhatsApp query with instead of a result. */
  queryError: Error | null = null;
  pairingFor: string | null = null;
  /** Frames written as they are (acks). */
  readonly nodes: BinaryNode[] = [];
  ended = false;
  loggedOut = false;
  hang = false;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit(event: string, value: unknown) {
    this.emitter.emit(event, value);
  }
  async sendNode(node: BinaryNode) {
    this.nodes.push(node);
  }
  close(statusCode?: number, message = 'closed') {
    const error = Object.assign(new Error(message), statusCode ? { output: { statusCode } } : {});
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
  /** Like Baileys' sendMessage: builds the message with Baileys' own generateWAMessage (uploading any media), then relays it. */
  async sendMessage(jid: string, content: AnyMessageContent, { messageId }: { messageId: string }) {
    const full = await generateWAMessage(jid, content, {
      userJid: this.user?.id ?? '',
      messageId,
      upload: this.waUploadToServer,
    });
    await this.relayMessage(jid, full.message ?? {}, { messageId });
    return full;
  }
  async relayMessage(jid: string, message: proto.IMessage, { messageId }: { messageId: string }) {
    if (this.hang) return new Promise<never>(() => {});
    this.sent.push({ jid, message, id: messageId });
    const attrs: Record<string, string> = { class: 'message', id: messageId, from: jid };
    if (this.ackError) attrs.error = this.ackError;
    if (this.dropAcks > 0) {
      this.dropAcks -= 1;
      return messageId;
    }
    setImmediate(() => this.frames.emit('CB:ack,class:message', { tag: 'ack', attrs } satisfies BinaryNode));
    return messageId;
  }
  /** Like Baileys' waUploadToServer: takes the encrypted file, answers where WhatsApp keeps it. */
  readonly waUploadToServer: WAMediaUploadFunction = async (_path, { mediaType }) => {
    await new Promise((resolve) => setTimeout(resolve, this.uploadDelayMs));
    this.uploads.push(mediaType);
    const directPath = `/v/t62.7118-24/${this.uploads.length}.enc`;
    return { mediaUrl: `https://mmg.whatsapp.net${directPath}`, directPath };
  };
  /** Like Baileys' onWhatsApp: only the numbers that have an account. */
  async onWhatsApp(jid: string) {
    this.lookups += 1;
    if (this.queryError) throw this.queryError;
    if (this.missing.has(jid.split('@')[0] ?? '')) return [];
    return [{ jid, exists: true }];
  }
  /** Baileys 7's LID map, knowing no LID: LIDs are played on Baileys' real socket against the fake endpoint (fake-wa/). */
  readonly signalRepository = {
    lidMapping: { getLIDForPN: async () => null, getPNForLID: async () => null },
  };
  get authState() {
    return { keys: this.config.auth.keys as BaileysSocket['authState']['keys'] };
  }
  readonly serverProps = { lidTrustedTokenIssueToLid: false };
  /** Under no timelock, unless a test says otherwise. */
  async fetchAccountReachoutTimelock() {
    return { isActive: false };
  }
  /** WhatsApp's answer to a token issuance that carries no token of the contact's. */
  async issuePrivacyTokens(): Promise<BinaryNode> {
    return { tag: 'iq', attrs: { type: 'result' } };
  }
  /** Like Baileys' requestPairingCode: the creds name the number and keep the code before WhatsApp answers. */
  async requestPairingCode(number: string) {
    this.pairingFor = number;
    Object.assign(this.config.auth.creds, { pairingCode: 'ABCDEFGH', me: { id: `${number}@s.whatsapp.net` } });
    this.emit('creds.update', this.config.auth.creds);
    return 'ABCD-EFGH';
  }
  async presenceSubscribe() {
    this.presence.push('subscribe');
  }
  async sendPresenceUpdate(type: string) {
    this.presence.push(type);
  }
  async logout() {
    this.loggedOut = true;
  }
  end() {
    this.ended = true;
  }
}

export function memoryStore(): SessionKeyStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    async get(keys) {
      return Object.fromEntries(keys.filter((key) => entries.has(key)).map((key) => [key, entries.get(key)]));
    },
    async set(changes) {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) entries.delete(key);
        else entries.set(key, value);
      }
    },
  };
}

export async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sessions a test opened, closed after it so that no reconnect timer outlives it. */
export const opened: WaSession[] = [];
export async function closeOpened() {
  for (const session of opened.splice(0)) await session.close();
}

type FakeOptions = {
  authState?: unknown;
  pairingNumber?: string;
  keyStore?: SessionKeyStore;
  sentMessages?: SentMessageStore;
  version?: VersionSource;
  uploadTimeoutMs?: number;
  reachout?: Reachout;
};

export async function openFake(options: FakeOptions = {}) {
  const sockets: FakeSocket[] = [];
  const driver = new BaileysDriver({
    version: options.version ?? (async () => undefined),
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      sockets.push(socket);
      return socket;
    },
    composingMs: 0,
    reconnectBaseMs: 10,
    sendTimeoutMs: 50,
    uploadTimeoutMs: options.uploadTimeoutMs ?? 5000,
    ...(options.reachout ? { reachout: options.reachout } : {}),
  });
  const session = await driver.open({
    deviceId: 'device-1',
    authState: options.authState ?? null,
    pairingNumber: options.pairingNumber ?? null,
    proxy: null,
    keyStore: options.keyStore,
    sentMessages: options.sentMessages,
  });
  opened.push(session);
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  await until(() => sockets.length === 1);
  const socket = () => sockets.at(-1) as FakeSocket;
  return { session, events, sockets, socket };
}

export const linkedUser = { id: '6281234567890:12@s.whatsapp.net', name: 'Budi Santoso' };

export async function openLinked(options: FakeOptions = {}) {
  const fake = await openFake(options);
  fake.socket().user = linkedUser;
  fake.socket().emit('connection.update', { connection: 'open' });
  await until(() => fake.events.some((event) => event.type === 'connection' && event.state === 'connected'));
  return fake;
}
