/**
 * One Baileys session: a socket at a time, its events mapped onto the driver's. Credentials go to the engine
 * as `auth-state` events, signal keys to the key store, what it sent to the sent-message store (retries).
 */
import type { AuthenticationCreds, ConnectionState as BaileysConnectionState, SignalKeyStore } from 'baileys';
import type { pino } from 'pino';
import { SessionCaches } from './baileys-caches.ts';
import { BANNED, banExpiryOf, REASON, reasonOf, statusOf, TEMPORARY_BAN } from './baileys-errors.ts';
import { digitsOfJid, IncomingRelay } from './baileys-incoming.ts';
import { revive, signalKeyStore, toJson } from './baileys-keys.ts';
import { LinkWatch } from './baileys-link.ts';
import { PushnameWatch } from './baileys-profile.ts';
import { proxyAgent } from './baileys-proxy.ts';
import { type Reachout, timelockOf } from './baileys-reachout.ts';
import { ReceiptRelay } from './baileys-receipts.ts';
import { BaileysSender, type SendTimings } from './baileys-send.ts';
import { retryOptions } from './baileys-sent.ts';
import type { BaileysSocket, MakeSocket, VersionSource } from './baileys-socket.ts';
import { openSocket } from './baileys-socket-open.ts';
import { forgetWaWebVersion } from './baileys-version.ts';
import { memorySentMessages } from './bounded-cache.ts';
import {
  type ConnectionState,
  newMessageId,
  type OpenSessionOptions,
  type OutgoingMessage,
  type SessionEvent,
  type SessionKeyStore,
  type WaSession,
} from './driver.ts';
import { Reconnects } from './reconnect-backoff.ts';

type BaileysModule = typeof import('baileys');

export interface SessionConfig extends SendTimings {
  makeSocket: MakeSocket;
  /** What the Baileys version tells about a 463 (baileys-reachout.ts). */
  reachout: Reachout;
  version: VersionSource;
  /** First reconnect delay; doubles up to a minute, jittered (reconnect-backoff.ts). */
  reconnectBaseMs: number;
  /** The driver's logger; each session logs through a child naming its account. */
  logger: ReturnType<typeof pino>;
}

export class BaileysSession implements WaSession {
  private socket: BaileysSocket | null = null;
  private connected = false;
  private closed = false;
  private readonly reconnects: Reconnects;
  /** The proxy's agent of the socket in use: destroyed with the session, a CONNECT under way with it. */
  private agent: ReturnType<typeof proxyAgent>;
  private pairingAsked = false;
  /** A fresh link announces the account once, when it first opens. */
  private announced: boolean;
  /** WhatsApp refused the version last time: the retries keep saying so instead of "reconnecting". */
  private outdated = false;
  /** The connection state last passed on: one attempt is one 'connecting'. */
  private said: ConnectionState | undefined;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private creds: AuthenticationCreds;
  private readonly logger: ReturnType<typeof pino>;
  private readonly caches = new SessionCaches();
  private readonly keys: SignalKeyStore;
  private readonly sender: BaileysSender;
  private readonly retries: ReturnType<typeof retryOptions>;
  private readonly receipts: ReceiptRelay;
  private readonly pushname: PushnameWatch;
  private readonly link: LinkWatch;
  private readonly incoming: IncomingRelay;

  constructor(
    private readonly lib: BaileysModule,
    private readonly options: OpenSessionOptions,
    private readonly config: SessionConfig,
    store: SessionKeyStore,
  ) {
    const stored = options.authState as { creds?: unknown } | null;
    this.creds = stored?.creds ? revive(lib, stored.creds) : lib.initAuthCreds();
    this.announced = Boolean(stored?.creds);
    this.logger = config.logger.child({ account: options.deviceId });
    this.reconnects = new Reconnects(config.reconnectBaseMs);
    this.keys = signalKeyStore(lib, store, this.logger, this.caches.signalKeys);
    const sent = options.sentMessages ?? memorySentMessages();
    this.sender = new BaileysSender(
      lib,
      config,
      this.logger,
      sent,
      () => (this.connected ? this.socket : null),
      config.reachout,
    );
    this.retries = retryOptions(lib, sent);
    this.receipts = new ReceiptRelay(lib, (event) => this.emit(event));
    this.incoming = new IncomingRelay(lib, this.logger, (event) => this.emit(event));
    this.pushname = new PushnameWatch(lib, (pushname) => this.emit({ type: 'profile', pushname }));
    this.link = new LinkWatch(() => this.creds, this.logger, {
      qr: (qr) => this.emit({ type: 'qr', qr }),
      creds: () => this.emitCreds(),
      refused: (refusal, reason) => {
        void this.close();
        this.emit({ type: 'connection', state: 'loggedOut', reason, refusal });
      },
    });
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
    // A reconnect says 'connecting' when its wait ends, before the version fetch; its socket says it again.
    if (state === 'connecting' && this.said === 'connecting') return;
    this.said = state;
    this.emit({ type: 'connection', state, ...(reason ? { reason } : {}) });
  }

  async start() {
    if (this.closed) return;
    this.agent?.destroy();
    const agent = proxyAgent(this.options.proxy);
    this.agent = agent;
    const version = await this.config.version(agent).catch(() => undefined);
    if (this.closed) return;
    let socket: BaileysSocket;
    try {
      const { creds, keys, logger, retries, caches } = this;
      socket = openSocket(this.lib, this.config.makeSocket, { creds, keys, logger, version, retries, caches, agent });
    } catch (error) {
      this.connection('disconnected', reasonOf(error));
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    const current = () => socket === this.socket && !this.closed;
    socket.ev.on('creds.update', (update) => {
      Object.assign(this.creds, update);
      this.emitCreds();
      // A name is the account's once it is linked; before that, creds name only a number asked a code for.
      if (current() && this.announced) this.pushname.offer(update.me?.name);
    });
    socket.ev.on('connection.update', (update) => this.onConnection(socket, update));
    socket.ev.on('messages.upsert', (upsert) => {
      if (current()) this.incoming.onUpsert(upsert, (lid) => this.config.reachout.phoneOf(socket, lid));
    });
    socket.ev.on('messages.update', (updates) => {
      if (current()) this.receipts.onUpdates(updates);
    });
    for (const event of ['contacts.upsert', 'contacts.update'] as const) {
      socket.ev.on(event, (contacts) => {
        if (current() && this.announced) this.pushname.onContacts(contacts, this.creds.me);
      });
    }
    socket.ws.on('CB:ack,class:message', (node) => this.sender.onAck(node));
    this.link.attach(socket);
  }

  private emitCreds() {
    this.emit({ type: 'auth-state', authState: { creds: toJson(this.lib, this.creds) } });
  }

  private onConnection(socket: BaileysSocket, update: Partial<BaileysConnectionState>) {
    if (socket !== this.socket || this.closed) return;
    if (update.reachoutTimeLock) this.sender.timelock = timelockOf(update.reachoutTimeLock);
    if (update.qr) this.onQr(socket, update.qr);
    if (update.connection === 'connecting' && this.announced && !this.outdated) this.connection('connecting');
    if (update.connection === 'open') {
      this.connected = true;
      this.outdated = false;
      this.reconnects.opened();
      if (!this.announced && socket.user) {
        this.announced = true;
        const { user } = socket;
        const pushname = user.name ?? user.notify ?? user.verifiedName ?? '';
        this.pushname.announced(pushname);
        this.emit({ type: 'authenticated', phonenumber: digitsOfJid(user.id), pushname });
      }
      this.connection('connected');
      // A restored session may know a name that came after its link, when nothing passed names on.
      this.pushname.offer(socket.user?.name);
    }
    if (update.connection === 'close') this.onClose(update.lastDisconnect?.error);
  }

  private onQr(socket: BaileysSocket, qr: string) {
    const number = this.options.pairingNumber;
    if (!number) {
      this.link.onQr(qr);
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
    this.sender.failWaiting();
    const status = statusOf(error);
    this.outdated = status === REASON.outdatedVersion;
    if (status === REASON.restartRequired && this.reconnects.restartAtOnce()) {
      // Baileys closes once right after a scan or a pairing: the linked session starts on a new socket. A
      // server asking again and again is not let drive a reconnect loop: those wait as a drop does.
      void this.start();
      return;
    }
    this.forgetFailedLink();
    if (status === REASON.loggedOut) {
      this.closed = true;
      this.connection('loggedOut', reasonOf(error));
      return;
    }
    const banned = status === undefined ? undefined : BANNED[status];
    if (banned) {
      this.closed = true;
      // A temporary ban keeps the credentials: the engine opens the session again once it ends (a day on,
      // when WhatsApp named no end: a ban still running then answers 402 again).
      if (status === TEMPORARY_BAN) {
        const until = banExpiryOf(error) ?? new Date(Date.now() + 24 * 60 * 60_000);
        return this.emit({ type: 'banned', reason: `${banned} (${status})`, until });
      }
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
    this.reconnects.schedule(() => {
      if (this.closed) return;
      if (this.announced && !this.outdated) this.connection('connecting');
      void this.start();
    });
  }

  sendMessage(to: string, message: OutgoingMessage, id = newMessageId()): Promise<{ id: string }> {
    return this.sender.send(to, message, id);
  }

  checkNumber(number: string) {
    return this.sender.check(number);
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
    this.caches.close();
    this.connected = false;
    this.socket = null;
    this.reconnects.cancel();
    this.sender.failWaiting();
    this.agent?.destroy();
  }
}
