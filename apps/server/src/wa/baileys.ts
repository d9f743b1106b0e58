/**
 * The driver for real accounts (WA_DRIVER=baileys, DESIGN §8): one Baileys socket per session, its events
 * mapped onto the driver interface. Baileys is imported only when this driver opens its first session, so
 * the simulator never loads it. Credentials go to the engine as `auth-state` events, signal keys to the
 * key store, one key each; nothing else is kept per session (no message store).
 */
import type {
  AnyMessageContent,
  AuthenticationCreds,
  ConnectionState as BaileysConnectionState,
  BaileysEventMap,
  BinaryNode,
  SignalKeyStore,
  UserFacingSocketConfig,
  WAMessage,
  WAVersion,
} from '@whiskeysockets/baileys';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { pino } from 'pino';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { ackErrorOf, BANNED, notOnWhatsApp, REASON, reasonOf, sendErrorOf, statusOf } from './baileys-errors.ts';
import { ignoredJid, textOf } from './baileys-incoming.ts';
import { memoryKeyStore, revive, signalKeyStore, toJson } from './baileys-keys.ts';
import { forgetWaWebVersion, waWebVersion } from './baileys-version.ts';
import {
  buttonsAsText,
  type ConnectionState,
  type OpenSessionOptions,
  type OutgoingMessage,
  SendError,
  type SessionEvent,
  type SessionKeyStore,
  type WaDriver,
  type WaSession,
} from './driver.ts';
import { NumberLookup } from './number-lookup.ts';

type BaileysModule = typeof import('@whiskeysockets/baileys');

/** The part of a Baileys socket the driver uses; tests stand a fake in for it. */
export interface BaileysSocket {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (value: BaileysEventMap[T]) => void): void;
  };
  /** The decoded frames from WhatsApp's servers, by Baileys' `CB:` event names. */
  ws: { on(event: string, listener: (node: BinaryNode) => void): void };
  user?: { id: string; name?: string; notify?: string; verifiedName?: string };
  sendMessage(jid: string, content: AnyMessageContent, options: { messageId: string }): Promise<unknown>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>;
  presenceSubscribe(jid: string): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  sendPresenceUpdate(type: 'composing' | 'paused' | 'available' | 'unavailable', jid?: string): Promise<void>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void;
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;
/** The WhatsApp Web version to announce, or undefined for the one bundled with Baileys. */
export type VersionSource = (agent: ReturnType<typeof proxyAgent>) => Promise<WAVersion | undefined>;

export interface BaileysDriverOptions {
  /** The socket factory; Baileys' own makeWASocket unless a test gives a fake. */
  makeSocket?: MakeSocket;
  /** Where the WhatsApp Web version comes from; web.whatsapp.com, cached for the process, unless a test gives one. */
  version?: VersionSource;
  /** How long a send may wait for the server's acknowledgement. */
  sendTimeoutMs?: number;
  /** How long "typing..." shows before a message goes. */
  composingMs?: number;
  /** First reconnect delay; doubles up to a minute. */
  reconnectBaseMs?: number;
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
}

const MAX_RECONNECT_MS = 60_000;

let loaded: Promise<BaileysModule> | null = null;
const loadBaileys = () => {
  loaded ??= import('@whiskeysockets/baileys');
  return loaded;
};

/** The phone number of a user or sender JID: digits before the device suffix and the server. */
export function digitsOfJid(jid: string): string {
  return jid.split('@')[0]?.split(':')[0]?.replace(/\D/g, '') ?? '';
}

/** The agent for a stored proxy: an http(s) or socks5 URL, or a bare host:port read as HTTP. */
export function proxyAgent(proxy: string | null | undefined) {
  if (!proxy) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
  return /^socks/i.test(url) ? new SocksProxyAgent(url) : new HttpsProxyAgent(url);
}

function contentOf(message: OutgoingMessage): AnyMessageContent[] {
  const caption = [message.text, buttonsAsText(message.buttons)].filter(Boolean).join('\n\n');
  const media = message.media;
  if (!media) return [{ text: caption }];
  if (media.mime.startsWith('image/')) return [{ image: media.bytes, caption, mimetype: media.mime }];
  if (media.mime.startsWith('video/')) return [{ video: media.bytes, caption, mimetype: media.mime }];
  if (media.mime.startsWith('audio/')) {
    const audio: AnyMessageContent = { audio: media.bytes, mimetype: media.mime };
    return caption ? [audio, { text: caption }] : [audio];
  }
  return [{ document: media.bytes, mimetype: media.mime, fileName: media.name, caption }];
}

class BaileysSession implements WaSession {
  private socket: BaileysSocket | null = null;
  private connected = false;
  private closed = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pairingAsked = false;
  /** A fresh link announces the account once, when it first opens. */
  private announced: boolean;
  /** WhatsApp refused the version last time: the retries keep saying so instead of "reconnecting". */
  private outdated = false;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  /** Sends waiting for the server's acknowledgement, by message id. */
  private readonly acks = new Map<string, { resolve: () => void; reject: (error: SendError) => void }>();
  /**
   * Numbers are looked up before the first send to them: sending to numbers without an account is a known
   * trigger of restrictions, and such a send must never count.
   */
  private readonly numbers = new NumberLookup(async (number) => {
    const socket = this.socket;
    if (!socket || !this.connected) throw new SendError('disconnected', 'not-connected', 'not connected');
    const found = (await socket.onWhatsApp(`${number}@s.whatsapp.net`))?.find((entry) => entry.exists);
    return found ? found.jid : null;
  });
  private creds: AuthenticationCreds;
  private readonly logger: ReturnType<typeof pino>;
  private readonly keys: SignalKeyStore;

  constructor(
    private readonly lib: BaileysModule,
    private readonly options: OpenSessionOptions,
    private readonly config: Required<Omit<BaileysDriverOptions, 'makeSocket' | 'version'>> & {
      makeSocket: MakeSocket;
      version: VersionSource;
    },
    store: SessionKeyStore,
  ) {
    const stored = options.authState as { creds?: unknown } | null;
    this.creds = stored?.creds ? revive(lib, stored.creds) : lib.initAuthCreds();
    this.announced = Boolean(stored?.creds);
    this.logger = pino({ level: config.logLevel });
    this.keys = signalKeyStore(lib, store, this.logger);
  }

  get deviceId() {
    return this.options.deviceId;
  }

  private emit(event: SessionEvent) {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: SessionEvent) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private connection(state: ConnectionState, reason?: string) {
    this.emit({ type: 'connection', state, ...(reason ? { reason } : {}) });
  }

  async start() {
    if (this.closed) return;
    const agent = proxyAgent(this.options.proxy);
    const version = await this.config.version(agent).catch(() => undefined);
    if (this.closed) return;
    let socket: BaileysSocket;
    try {
      socket = this.config.makeSocket({
        auth: { creds: this.creds, keys: this.keys },
        logger: this.logger,
        ...(version ? { version } : {}),
        // The pairing-code flow takes only a browser WhatsApp knows (its companion platform is read from
        // the name); Baileys' own default is this one.
        browser: this.lib.Browsers.ubuntu('Chrome'),
        printQRInTerminal: false,
        markOnlineOnConnect: false,
        syncFullHistory: false,
        shouldSyncHistoryMessage: () => false,
        shouldIgnoreJid: ignoredJid(this.lib),
        ...(agent ? { agent, fetchAgent: agent } : {}),
      });
    } catch (error) {
      this.connection('disconnected', reasonOf(error));
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.ev.on('creds.update', (update) => {
      Object.assign(this.creds, update);
      this.emitCreds();
    });
    socket.ev.on('connection.update', (update) => this.onConnection(socket, update));
    socket.ev.on('messages.upsert', (upsert) => {
      if (socket !== this.socket || upsert.type !== 'notify') return;
      for (const message of upsert.messages) this.onMessage(message);
    });
    // Baileys' sendMessage resolves once the message is written to the socket, which a half-dead connection
    // still accepts; only the server's ack says WhatsApp has it (whatsmeow waits for the same ack).
    socket.ws.on('CB:ack,class:message', (node) => {
      const id = node.attrs.id;
      const waiting = id === undefined ? undefined : this.acks.get(id);
      if (!waiting) return;
      if (node.attrs.error) waiting.reject(ackErrorOf(node.attrs.error));
      else waiting.resolve();
    });
  }

  private emitCreds() {
    this.emit({ type: 'auth-state', authState: { creds: toJson(this.lib, this.creds) } });
  }

  private onConnection(socket: BaileysSocket, update: Partial<BaileysConnectionState>) {
    if (socket !== this.socket || this.closed) return;
    if (update.qr) this.onQr(socket, update.qr);
    if (update.connection === 'connecting' && this.announced && !this.outdated) this.connection('connecting');
    if (update.connection === 'open') {
      this.connected = true;
      this.outdated = false;
      this.attempts = 0;
      if (!this.announced && socket.user) {
        this.announced = true;
        const { user } = socket;
        this.emit({
          type: 'authenticated',
          phonenumber: digitsOfJid(user.id),
          pushname: user.name ?? user.notify ?? user.verifiedName ?? '',
        });
      }
      this.connection('connected');
    }
    if (update.connection === 'close') this.onClose(update.lastDisconnect?.error);
  }

  private onQr(socket: BaileysSocket, qr: string) {
    const number = this.options.pairingNumber;
    if (!number) {
      this.emit({ type: 'qr', qr });
      return;
    }
    if (this.pairingAsked || this.creds.registered) return;
    this.pairingAsked = true;
    socket
      .requestPairingCode(number)
      .then((code) => this.emit({ type: 'code', code: code.replace(/-/g, '') }))
      .catch((error) => {
        this.pairingAsked = false;
        this.connection('disconnected', reasonOf(error));
      });
  }

  private onClose(error: unknown) {
    this.connected = false;
    this.socket = null;
    this.failWaitingSends();
    const status = statusOf(error);
    this.outdated = status === REASON.outdatedVersion;
    if (status === REASON.restartRequired) {
      // Baileys closes once right after a scan or a pairing: the linked session starts on a new socket.
      void this.start();
      return;
    }
    this.forgetFailedLink();
    if (status === REASON.loggedOut || status === REASON.unknownLogout) {
      this.closed = true;
      this.connection('loggedOut', reasonOf(error));
      return;
    }
    const banned = status === undefined ? undefined : BANNED[status];
    if (banned) {
      this.closed = true;
      this.emit({ type: 'banned', reason: `${banned} (${status})` });
      this.connection('loggedOut', 'banned');
      return;
    }
    if (status === REASON.connectionReplaced) {
      this.closed = true;
      this.connection('conflict', reasonOf(error));
      return;
    }
    if (status === REASON.outdatedVersion) {
      // Said as what it is, not as a lost connection; the next try reads WhatsApp's current version again.
      forgetWaWebVersion();
      this.connection('outdated', `WhatsApp refused this WhatsApp Web version (${status})`);
      this.scheduleReconnect();
      return;
    }
    this.connection('disconnected', reasonOf(error));
    this.scheduleReconnect();
  }

  /**
   * A link that ended before WhatsApp paired it (QR refs ran out, a pairing code expired) leaves creds
   * naming the number it asked a code for; Baileys would log in with them instead of registering. The next
   * attempt starts from new creds and may ask a new code. A paired device (creds with an account) is kept.
   */
  private forgetFailedLink() {
    if (this.announced || this.creds.account) return;
    this.pairingAsked = false;
    if (!this.creds.me && !this.creds.pairingCode) return;
    this.creds = this.lib.initAuthCreds();
    this.emitCreds();
  }

  private scheduleReconnect() {
    if (this.closed) return;
    const delay = Math.min(MAX_RECONNECT_MS, this.config.reconnectBaseMs * 2 ** this.attempts);
    this.attempts += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed) return;
      if (this.announced && !this.outdated) this.connection('connecting');
      void this.start();
    }, delay);
    this.reconnectTimer.unref();
  }

  private onMessage(message: WAMessage) {
    const key = message.key;
    if (!key || key.fromMe) return;
    const jid = key.senderPn ?? key.remoteJid ?? '';
    if (!jid.endsWith('@s.whatsapp.net')) return;
    const text = textOf(this.lib, message);
    if (text === null) return;
    this.emit({ type: 'message', from: digitsOfJid(jid), text });
  }

  async sendMessage(to: string, message: OutgoingMessage): Promise<{ id: string }> {
    const socket = this.socket;
    if (!socket || !this.connected) throw new SendError('disconnected', 'not-connected', 'not connected');
    try {
      const jid = await this.numbers.jidOf(to);
      if (!jid) throw notOnWhatsApp(to);
      // WhatsApp passes "typing..." on only to a contact whose presence the account subscribed to.
      await socket.presenceSubscribe(jid).catch(() => undefined);
      await socket.sendPresenceUpdate('composing', jid).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, this.config.composingMs));
      let id = '';
      for (const content of contentOf(message)) id = await this.relay(socket, jid, content);
      await socket.sendPresenceUpdate('paused', jid).catch(() => undefined);
      return { id };
    } catch (error) {
      const failure = sendErrorOf(error, this.connected);
      // "Connected but not sending": a socket that stops acknowledging is replaced by a fresh one.
      if (failure.code === 'timeout' && socket === this.socket) socket.end(new Error('send not acknowledged'));
      throw failure;
    }
  }

  /** Sends one message and waits for the server's acknowledgement of it; answers its id. */
  private async relay(socket: BaileysSocket, jid: string, content: AnyMessageContent): Promise<string> {
    const id = this.lib.generateMessageIDV2(socket.user?.id);
    const acked = new Promise<void>((resolve, reject) => this.acks.set(id, { resolve, reject }));
    try {
      await this.withTimeout(Promise.all([socket.sendMessage(jid, content, { messageId: id }), acked]));
      return id;
    } finally {
      this.acks.delete(id);
    }
  }

  private failWaitingSends() {
    for (const waiting of this.acks.values()) {
      waiting.reject(new SendError('disconnected', 'connection-closed', 'connection closed before the ack'));
    }
    this.acks.clear();
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SendError('transient', 'timeout', 'no acknowledgement from WhatsApp')),
        this.config.sendTimeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  async checkNumber(number: string) {
    if (!this.socket || !this.connected) throw new SendError('disconnected', 'not-connected', 'not connected');
    try {
      return { exists: (await this.numbers.jidOf(number)) !== null, name: null };
    } catch (error) {
      throw sendErrorOf(error, this.connected);
    }
  }

  async logout() {
    const socket = this.socket;
    this.stopReconnecting();
    if (socket) await socket.logout().catch(() => socket.end(undefined));
  }

  async close() {
    const socket = this.socket;
    this.stopReconnecting();
    socket?.end(undefined);
  }

  private stopReconnecting() {
    this.closed = true;
    this.connected = false;
    this.socket = null;
    clearTimeout(this.reconnectTimer);
    this.failWaitingSends();
  }
}

export class BaileysDriver implements WaDriver {
  readonly name = 'baileys' as const;

  constructor(private readonly options: BaileysDriverOptions = {}) {}

  async open(options: OpenSessionOptions): Promise<WaSession> {
    const lib = await loadBaileys();
    const session = new BaileysSession(
      lib,
      options,
      {
        makeSocket: this.options.makeSocket ?? ((config) => lib.makeWASocket(config) as unknown as BaileysSocket),
        version:
          this.options.version ?? ((agent) => waWebVersion(lib, agent ? { httpsAgent: agent, proxy: false } : {})),
        sendTimeoutMs: this.options.sendTimeoutMs ?? 30_000,
        composingMs: this.options.composingMs ?? 1500,
        reconnectBaseMs: this.options.reconnectBaseMs ?? 2000,
        logLevel: this.options.logLevel ?? 'silent',
      },
      options.keyStore ?? memoryKeyStore(),
    );
    // The engine subscribes as soon as open returns; the socket starts after that.
    setImmediate(() => void session.start());
    return session;
  }
}
