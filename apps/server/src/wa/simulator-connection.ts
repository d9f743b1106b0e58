/**
 * A simulated WhatsApp connection, closing and coming back the way the Baileys driver reports it
 * (wa/baileys.ts onClose, baileys-errors.ts): 405 on an old version until a new one is out, 515 "restart
 * required", drops that reconnect, 440 when the credentials connect elsewhere, 401 when the phone removes
 * the device (its credentials are refused after), and bans. Linking is simulator-link.ts, sending
 * simulator-session.ts.
 */
import { EventEmitter } from 'node:events';
import { type ConnectionState, type OpenSessionOptions, SendError, type SessionEvent } from './driver.ts';
import { hashString, type Random, seededRandom } from './random.ts';
import type { ResolvedSimulatorOptions } from './simulator-rates.ts';
import type { AccountRisk } from './simulator-risk.ts';

export interface SimCredentials {
  /** `linked_at` (ISO): when the phone scanned; hand-made credentials (tests, benches) may leave it out. */
  simulator: { phonenumber: string; pushname: string; device?: string; linked_at?: string };
}

/** What a session needs of its driver: the credentials the phones removed, and its own end. */
export interface SessionDriverSide {
  revoked(deviceId: string, credentials: SimCredentials): boolean;
  revoke(deviceId: string, credentials: SimCredentials): void;
  /** What WhatsApp remembers of the account behind the credentials, when the ban model judges behaviour. */
  risk(credentials: SimCredentials): AccountRisk | null;
  onEnd(): void;
}

/** The reasons Baileys gives these closes (its Boom messages), which the real driver passes on. */
const REASONS = {
  /** A stream error with a `conflict` child: 440 "replaced", or 401 "device_removed". */
  streamConflict: 'Stream Errored (conflict)',
  /** A `failure` node on login: here 401 for credentials the phone removed. */
  failure: 'Connection Failure',
  outdated: 'WhatsApp refused this WhatsApp Web version (405)',
  passkey: 'WhatsApp asks this link to be confirmed with a passkey (passkey_prologue_request)',
} as const;

export type SimState = 'linking' | 'connecting' | 'connected' | 'disconnected' | 'loggedOut' | 'banned' | 'closed';

function isCredentials(value: unknown): value is SimCredentials {
  const inner = (value as SimCredentials | null)?.simulator;
  return typeof inner?.phonenumber === 'string' && typeof inner?.pushname === 'string';
}

export abstract class SimConnection {
  private readonly emitter = new EventEmitter();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Sends and checks on the wire, failed at once when the connection ends. */
  protected readonly inFlight = new Set<(error: SendError) => void>();
  /** Sends, checks, QR refs and codes. Link, version and delivery rolls draw from their own streams. */
  protected readonly random: Random;
  protected readonly linkRandom: Random;
  protected state: SimState = 'linking';
  protected credentials: SimCredentials | null;
  protected readonly pairingNumber: string | null;
  private versionRolled = false;
  /** Connects still to be refused with 405. */
  private refusalsLeft = 0;

  constructor(
    readonly deviceId: string,
    protected readonly options: ResolvedSimulatorOptions,
    open: OpenSessionOptions,
    protected readonly driver: SessionDriverSide,
  ) {
    const seed = options.seed ^ hashString(deviceId);
    this.random = seededRandom(seed);
    this.linkRandom = seededRandom(seed ^ hashString('link'));
    this.credentials = isCredentials(open.authState) ? open.authState : null;
    this.pairingNumber = open.pairingNumber ?? null;
    this.later(0, () => this.begin());
  }

  /** Shows a QR or code for a device without credentials. */
  protected abstract showLink(): void;
  /** The QR or code on screen, if any, stops. */
  protected abstract stopLink(): void;
  abstract scan(restart?: boolean): void;

  protected later(ms: number, work: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.state !== 'closed') work();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  protected cancel(timer: NodeJS.Timeout | undefined) {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  protected emit(event: SessionEvent) {
    this.emitter.emit('event', event);
  }

  protected connection(state: ConnectionState, reason?: string) {
    this.emit({ type: 'connection', state, ...(reason ? { reason } : {}) });
  }

  subscribe(listener: (event: SessionEvent) => void) {
    this.emitter.on('event', listener);
    return () => {
      this.emitter.off('event', listener);
    };
  }

  private begin() {
    if (!this.credentials) {
      this.openSocket();
      return;
    }
    // As the real driver: only a linked device says it is connecting; a new link shows its QR or code.
    this.state = 'connecting';
    this.connection('connecting');
    this.later(this.networkDelay(), () => this.openSocket());
  }

  /** A new connection to WhatsApp: refused for an old version, then a login with credentials or a link. */
  protected openSocket() {
    if (this.refusesVersion()) {
      this.state = 'connecting';
      this.connection('outdated', REASONS.outdated);
      this.later(this.options.reconnectMs, () => this.openSocket());
      return;
    }
    if (!this.credentials) {
      this.showLink();
      return;
    }
    if (this.driver.revoked(this.deviceId, this.credentials)) {
      this.end('loggedOut', REASONS.failure);
      return;
    }
    this.connect();
  }

  /** One roll per session at its first connect; refused for a seeded while, then "a new version is out". */
  private refusesVersion(): boolean {
    if (!this.versionRolled) {
      this.versionRolled = true;
      if (this.linkRandom.next() < this.options.rates.outdated) this.outdate();
    }
    if (this.refusalsLeft === 0) return false;
    this.refusalsLeft--;
    return true;
  }

  /**
   * The while is counted in reconnects, not read off the clock: a seed then replays the same events however
   * late a loaded machine fires the timers.
   */
  private outdate() {
    const [min, max] = this.options.outdatedMs;
    this.refusalsLeft = Math.max(1, Math.ceil(this.linkRandom.int(min, max) / Math.max(1, this.options.reconnectMs)));
  }

  protected connect() {
    this.state = 'connected';
    this.connection('connected');
  }

  protected failInFlight(error: SendError) {
    for (const fail of this.inFlight) fail(error);
    this.inFlight.clear();
  }

  /** The connection drops and comes back after a moment with the same credentials. */
  disconnect() {
    if (this.state !== 'connected') return;
    this.state = 'disconnected';
    this.failInFlight(new SendError('disconnected', 'connection-closed', 'connection lost'));
    this.connection('disconnected', 'connection lost');
    this.later(this.options.reconnectMs, () => {
      this.state = 'connecting';
      this.connection('connecting');
      this.later(this.networkDelay(), () => this.openSocket());
    });
  }

  /** 515 "restart required": a linked session reconnects at once; on a link, it follows the scan. */
  restart() {
    if (this.state === 'linking') return this.scan(true);
    if (this.state !== 'connected') return;
    this.state = 'connecting';
    this.failInFlight(new SendError('disconnected', 'connection-closed', 'restart required'));
    this.connection('connecting');
    this.later(this.linkDelay(), () => this.openSocket());
  }

  /** 405 from now on for a seeded while: a connected session is dropped and its reconnects are refused. */
  outdated() {
    this.versionRolled = true;
    this.outdate();
    if (this.state !== 'connected' && this.state !== 'linking') return;
    this.stopLink();
    this.state = 'connecting';
    this.failInFlight(new SendError('disconnected', 'connection-closed', REASONS.outdated));
    this.openSocket();
  }

  ban() {
    if (['closed', 'banned', 'loggedOut'].includes(this.state)) return;
    this.end('banned');
    this.emit({ type: 'banned', reason: 'account banned' });
    this.connection('loggedOut', 'banned');
  }

  /**
   * A temporary ban (402) for `tempBanMs`: the session ends, its credentials stay good. WhatsApp refuses them
   * no longer once the ban ended: the engine opens a new session then.
   */
  tempBan() {
    if (['closed', 'banned', 'loggedOut', 'linking'].includes(this.state)) return;
    this.end('banned');
    const until = new Date(this.options.now() + this.options.tempBanMs);
    this.emit({ type: 'banned', reason: 'temporarily banned (402)', until });
  }

  /** The device was removed on the phone (401): the session ends and its credentials are refused from now on. */
  removedFromPhone() {
    if (!this.credentials || ['linking', 'closed', 'banned', 'loggedOut'].includes(this.state)) return;
    this.driver.revoke(this.deviceId, this.credentials);
    this.end('loggedOut', REASONS.streamConflict);
  }

  /** Ends the connection for good, as the real driver does after 401 or a ban: nothing more comes by itself. */
  private end(state: 'loggedOut' | 'banned', reason?: string) {
    this.state = state;
    this.clearTimers();
    const kind = state === 'banned' ? 'banned' : 'disconnected';
    this.failInFlight(new SendError(kind, 'connection-closed', 'session ended'));
    if (state === 'loggedOut') this.connection('loggedOut', reason);
  }

  /** WhatsApp asks this link to be confirmed with a passkey, which no driver can do: the link ends, refused. */
  passkeyRequired() {
    if (this.state !== 'linking') return;
    this.state = 'loggedOut';
    this.stopLink();
    this.clearTimers();
    this.emit({ type: 'connection', state: 'loggedOut', reason: REASONS.passkey, refusal: 'passkey' });
  }

  /** The same credentials connected elsewhere: WhatsApp closes this connection with 440 and it stays closed. */
  async replaced() {
    if (this.credentials && ['connected', 'disconnected', 'connecting'].includes(this.state)) {
      this.connection('conflict', REASONS.streamConflict);
    }
    await this.close();
  }

  protected networkDelay() {
    const [min, max] = this.options.delayMs;
    return this.random.int(min, max);
  }

  /** Delays of the link's own steps (a socket restart, the late name), drawn apart from the sends' stream. */
  protected linkDelay() {
    const [min, max] = this.options.delayMs;
    return this.linkRandom.int(min, max);
  }

  async close() {
    this.state = 'closed';
    this.clearTimers();
    this.failInFlight(new SendError('disconnected', 'closed', 'session closed'));
    this.emitter.removeAllListeners();
    this.driver.onEnd();
  }
}
