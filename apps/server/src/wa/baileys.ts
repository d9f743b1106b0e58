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
  SignalDataTypeMap,
  UserFacingSocketConfig,
  WAMessage,
} from '@whiskeysockets/baileys';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { pino } from 'pino';
import { SocksProxyAgent } from 'socks-proxy-agent';
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
  requestPairingCode(phoneNumber: string): Promise<string>;
  sendPresenceUpdate(type: 'composing' | 'paused' | 'available' | 'unavailable', jid?: string): Promise<void>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void;
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

export interface BaileysDriverOptions {
  /** The socket factory; Baileys' own makeWASocket unless a test gives a fake. */
  makeSocket?: MakeSocket;
  /** How long a send may wait for the server's acknowledgement. */
  sendTimeoutMs?: number;
  /** How long "typing..." shows before a message goes. */
  composingMs?: number;
  /** First reconnect delay; doubles up to a minute. */
  reconnectBaseMs?: number;
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
}

/** Baileys' disconnect reasons (its DisconnectReason enum), by the status code a closed socket reports. */
const REASON = {
  loggedOut: 401,
  /** WhatsApp Web's "unknown logout": the device was removed without a reason given. */
  unknownLogout: 406,
  connectionReplaced: 440,
  restartRequired: 515,
} as const;
/**
 * The connection failures that mean a ban, as WhatsApp Web names them: 402 a temporary ban, 403 a locked
 * or banned account. Baileys passes them on as the status of the closed socket.
 */
const BANNED: Record<number, string> = {
  402: 'temporarily banned',
  403: 'account locked or banned',
};
/** The acknowledgement error WhatsApp gives every send once it restricts what the account may send. */
const ACK_RESTRICTED = '463';
const MAX_RECONNECT_MS = 60_000;

let loaded: Promise<BaileysModule> | null = null;
const loadBaileys = () => {
  loaded ??= import('@whiskeysockets/baileys');
  return loaded;
};

function statusOf(error: unknown): number | undefined {
  const boom = error as { output?: { statusCode?: number }; data?: { statusCode?: number } } | undefined;
  return boom?.output?.statusCode;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? 'connection closed');
}

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

/** The text a message that reached the account carries: typed, or the title of the button it answers. */
function textOf(message: WAMessage): string | null {
  const content = message.message;
  if (!content) return null;
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    null
  );
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

/** A send WhatsApp's server acknowledged with an error instead of accepting it. */
function ackErrorOf(code: string): SendError {
  if (code === ACK_RESTRICTED) {
    return new SendError('banned', 'restricted', `WhatsApp restricted sending from this account (${code})`);
  }
  return new SendError('rejected', `ack-${code}`, `WhatsApp refused the message (${code})`);
}

function sendErrorOf(error: unknown, connected: boolean): SendError {
  if (error instanceof SendError) return error;
  const status = statusOf(error);
  const message = reasonOf(error);
  if (!connected || status === 428 || /connection closed|not open/i.test(message))
    return new SendError('disconnected', 'connection-closed', message);
  if (status === 429 || /rate-overlimit/i.test(message)) return new SendError('transient', '429', message);
  if (status === 403) return new SendError('banned', '403', message);
  if (status === 406 || status === 404) return new SendError('rejected', String(status), message);
  return new SendError('transient', String(status ?? 'error'), message);
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
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  /** Sends waiting for the server's acknowledgement, by message id. */
  private readonly acks = new Map<string, { resolve: () => void; reject: (error: SendError) => void }>();
  private readonly creds: AuthenticationCreds;
  private readonly logger: ReturnType<typeof pino>;

  constructor(
    private readonly lib: BaileysModule,
    private readonly options: OpenSessionOptions,
    private readonly config: Required<Omit<BaileysDriverOptions, 'makeSocket'>> & { makeSocket: MakeSocket },
    private readonly keys: SessionKeyStore,
  ) {
    const stored = options.authState as { creds?: unknown } | null;
    this.creds = stored?.creds ? this.revive(stored.creds) : lib.initAuthCreds();
    this.announced = Boolean(stored?.creds);
    this.logger = pino({ level: config.logLevel });
  }

  get deviceId() {
    return this.options.deviceId;
  }

  private revive<T>(value: unknown): T {
    return JSON.parse(JSON.stringify(value), this.lib.BufferJSON.reviver) as T;
  }

  private toJson(value: unknown): unknown {
    return JSON.parse(JSON.stringify(value, this.lib.BufferJSON.replacer));
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

  /** The signal key store Baileys reads and writes, over the engine's store, one entry per key. */
  private signalKeys() {
    const { lib, keys } = this;
    return {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found = await keys.get(ids.map((id) => `${type}:${id}`));
        const result: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          const raw = found[`${type}:${id}`];
          if (raw === undefined || raw === null) continue;
          let value = this.revive<SignalDataTypeMap[T]>(raw);
          if (type === 'app-state-sync-key')
            value = lib.proto.Message.AppStateSyncKeyData.fromObject(
              value as object,
            ) as unknown as SignalDataTypeMap[T];
          result[id] = value;
        }
        return result;
      },
      set: async (data: { [T in keyof SignalDataTypeMap]?: { [id: string]: SignalDataTypeMap[T] | null } }) => {
        const entries: Record<string, unknown> = {};
        for (const [type, values] of Object.entries(data)) {
          for (const [id, value] of Object.entries(values ?? {})) {
            entries[`${type}:${id}`] = value ? this.toJson(value) : null;
          }
        }
        await keys.set(entries);
      },
    };
  }

  start() {
    if (this.closed) return;
    const agent = proxyAgent(this.options.proxy);
    let socket: BaileysSocket;
    try {
      socket = this.config.makeSocket({
        auth: { creds: this.creds, keys: this.signalKeys() },
        logger: this.logger,
        browser: this.lib.Browsers.ubuntu('Sewablast'),
        printQRInTerminal: false,
        markOnlineOnConnect: false,
        syncFullHistory: false,
        shouldSyncHistoryMessage: () => false,
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
      this.emit({ type: 'auth-state', authState: { creds: this.toJson(this.creds) } });
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

  private onConnection(socket: BaileysSocket, update: Partial<BaileysConnectionState>) {
    if (socket !== this.socket || this.closed) return;
    if (update.qr) this.onQr(socket, update.qr);
    if (update.connection === 'connecting' && this.announced) this.connection('connecting');
    if (update.connection === 'open') {
      this.connected = true;
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
    if (status === REASON.restartRequired) {
      // Baileys closes once right after a scan or a pairing: the linked session starts on a new socket.
      this.start();
      return;
    }
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
    this.connection('disconnected', reasonOf(error));
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed) return;
    const delay = Math.min(MAX_RECONNECT_MS, this.config.reconnectBaseMs * 2 ** this.attempts);
    this.attempts += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed) return;
      if (this.announced) this.connection('connecting');
      this.start();
    }, delay);
    this.reconnectTimer.unref();
  }

  private onMessage(message: WAMessage) {
    const key = message.key;
    if (!key || key.fromMe) return;
    const jid = key.senderPn ?? key.remoteJid ?? '';
    if (!jid.endsWith('@s.whatsapp.net')) return;
    const text = textOf(message);
    if (text === null) return;
    this.emit({ type: 'message', from: digitsOfJid(jid), text });
  }

  async sendMessage(to: string, message: OutgoingMessage): Promise<{ id: string }> {
    const socket = this.socket;
    if (!socket || !this.connected) throw new SendError('disconnected', 'not-connected', 'not connected');
    const jid = `${to}@s.whatsapp.net`;
    try {
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
    const socket = this.socket;
    if (!socket || !this.connected) throw new SendError('disconnected', 'not-connected', 'not connected');
    try {
      const [found] = (await socket.onWhatsApp(`${number}@s.whatsapp.net`)) ?? [];
      return { exists: Boolean(found?.exists), name: null };
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

/** Keys for a session opened without a store (tests, one-off tools): kept in memory for its life. */
function memoryKeyStore(): SessionKeyStore {
  const entries = new Map<string, unknown>();
  return {
    async get(keys) {
      return Object.fromEntries(keys.filter((key) => entries.has(key)).map((key) => [key, entries.get(key)]));
    },
    async set(changes) {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined) entries.delete(key);
        else entries.set(key, value);
      }
    },
  };
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
        sendTimeoutMs: this.options.sendTimeoutMs ?? 30_000,
        composingMs: this.options.composingMs ?? 1500,
        reconnectBaseMs: this.options.reconnectBaseMs ?? 2000,
        logLevel: this.options.logLevel ?? 'silent',
      },
      options.keyStore ?? memoryKeyStore(),
    );
    // The engine subscribes as soon as open returns; the socket starts after that.
    setImmediate(() => session.start());
    return session;
  }
}
