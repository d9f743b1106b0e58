/**
 * The simulator driver: a real driver with WhatsApp's servers replaced by seeded chance (DESIGN §8). QR
 * strings rotate every 20 s, a pairing code is issued for a number, the device counts as linked after
 * SIM_SCAN_MS, sends take network-like time and succeed, fail, drop the connection or ban at seeded rates,
 * and a number "exists" by a seeded hash. Tests and demos force a scan, a drop, a ban or a reply through
 * `control`.
 */
import { EventEmitter } from 'node:events';
import {
  buttonsAsText,
  type OpenSessionOptions,
  type OutgoingMessage,
  SendError,
  type SessionEvent,
  type WaDriver,
  type WaSession,
} from './driver.ts';
import { hashString, type Random, seededRandom } from './random.ts';

export interface SimulatorRates {
  /** Chance that a send fails for a passing reason (429, timeout): retried by the engine. */
  transient: number;
  /** Chance that a send finds the connection dropped; it comes back after a moment. */
  disconnect: number;
  /** Chance that a send gets the account banned. */
  ban: number;
  /** Chance that a recipient is not on WhatsApp, so the send is rejected for good. */
  rejected: number;
  /** Share of numbers that exist on WhatsApp for checkNumber. */
  exists: number;
}

export interface SimulatorOptions {
  seed: number;
  scanMs: number;
  rates?: Partial<SimulatorRates>;
  /** Network delay of a send or check, in ms. */
  delayMs?: [number, number];
  reconnectMs?: number;
}

export const DEFAULT_RATES: SimulatorRates = {
  transient: 0.04,
  disconnect: 0.005,
  ban: 0.0005,
  rejected: 0.03,
  exists: 0.6,
};

export type SimulatorAction = 'scan' | 'disconnect' | 'ban' | 'reply' | 'reject';

interface SimCredentials {
  simulator: { phonenumber: string; pushname: string };
}

const QR_ROTATE_MS = 20_000;
const NAMES = [
  'Andi',
  'Budi',
  'Citra',
  'Dewi',
  'Eka',
  'Fitri',
  'Gilang',
  'Hana',
  'Indra',
  'Joko',
  'Kartika',
  'Lestari',
];
const SENT_LOG_SIZE = 50;

export interface SentRecord {
  to: string;
  text: string;
  media: string | null;
  at: string;
}

function isCredentials(value: unknown): value is SimCredentials {
  const inner = (value as SimCredentials | null)?.simulator;
  return typeof inner?.phonenumber === 'string' && typeof inner?.pushname === 'string';
}

class SimSession implements WaSession {
  private readonly emitter = new EventEmitter();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Sends and checks on the wire, failed at once when the session closes. */
  private readonly inFlight = new Set<(error: SendError) => void>();
  private readonly random: Random;
  private state: 'linking' | 'connected' | 'disconnected' | 'closed' | 'banned' = 'linking';
  private credentials: SimCredentials | null;
  private readonly pairingNumber: string | null;
  readonly sent: SentRecord[] = [];
  /** Numbers checked through this session, answered or not. */
  checks = 0;

  constructor(
    readonly deviceId: string,
    private readonly options: Required<SimulatorOptions> & { rates: SimulatorRates },
    open: OpenSessionOptions,
    private readonly onEnd: () => void,
  ) {
    this.random = seededRandom(options.seed ^ hashString(deviceId));
    this.credentials = isCredentials(open.authState) ? open.authState : null;
    this.pairingNumber = open.pairingNumber ?? null;
    this.later(0, () => this.begin());
  }

  private later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.state !== 'closed') work();
    }, ms);
    this.timers.add(timer);
  }

  private emit(event: SessionEvent) {
    this.emitter.emit('event', event);
  }

  private begin() {
    this.emit({ type: 'connection', state: 'connecting' });
    if (this.credentials) {
      this.later(this.networkDelay(), () => this.connect());
      return;
    }
    if (this.pairingNumber) {
      const alphabet = 'ABCDEFGHJKLMNPQRSTVWXYZ23456789';
      const code = Array.from({ length: 8 }, () => this.random.pick([...alphabet])).join('');
      this.emit({ type: 'code', code });
    } else {
      this.rotateQr();
    }
    this.later(this.options.scanMs, () => this.scan());
  }

  private rotateQr() {
    if (this.state !== 'linking') return;
    const ref = Math.floor(this.random.next() * 1e12).toString(36);
    this.emit({ type: 'qr', qr: `2@sim-${this.deviceId}-${ref},${hashString(ref).toString(36)},sewablast` });
    this.later(QR_ROTATE_MS, () => this.rotateQr());
  }

  /** The phone scanned the QR or entered the code: the device is linked and its credentials saved. */
  scan() {
    if (this.state !== 'linking') return;
    const phonenumber = this.pairingNumber ?? `628${this.random.int(11, 99)}${this.random.int(1000000, 9999999)}`;
    this.credentials = {
      simulator: { phonenumber, pushname: `${this.random.pick(NAMES)} ${this.random.pick(NAMES)}` },
    };
    this.emit({ type: 'auth-state', authState: this.credentials });
    this.emit({ type: 'authenticated', ...this.credentials.simulator });
    this.connect();
  }

  private connect() {
    this.state = 'connected';
    this.emit({ type: 'connection', state: 'connected' });
  }

  disconnect() {
    if (this.state !== 'connected') return;
    this.state = 'disconnected';
    this.emit({ type: 'connection', state: 'disconnected', reason: 'connection lost' });
    this.later(this.options.reconnectMs, () => {
      this.emit({ type: 'connection', state: 'connecting' });
      this.later(this.networkDelay(), () => this.connect());
    });
  }

  ban() {
    if (this.state === 'closed' || this.state === 'banned') return;
    this.state = 'banned';
    this.emit({ type: 'banned', reason: 'account banned' });
    this.emit({ type: 'connection', state: 'loggedOut', reason: 'banned' });
  }

  reply(from: string, text: string) {
    this.emit({ type: 'message', from, text });
  }

  /** The same credentials connected elsewhere: WhatsApp closes this connection with 440 and it stays closed. */
  async replaced() {
    if (this.state === 'connected' || this.state === 'disconnected') {
      this.emit({ type: 'connection', state: 'conflict', reason: '440 connection replaced' });
    }
    await this.close();
  }

  /**
   * What Baileys does when a query is still in flight as its socket ends: an async handler rejects and
   * nobody awaits it. The session itself goes on.
   */
  rejectUnawaited() {
    this.later(0, async () => {
      throw new Error(`Connection Closed (simulated: a query of ${this.deviceId} in flight after end())`);
    });
  }

  private networkDelay() {
    const [min, max] = this.options.delayMs;
    return this.random.int(min, max);
  }

  subscribe(listener: (event: SessionEvent) => void) {
    this.emitter.on('event', listener);
    return () => {
      this.emitter.off('event', listener);
    };
  }

  private async roundTrip() {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: SendError) => reject(error);
      this.inFlight.add(fail);
      this.later(this.networkDelay(), () => {
        this.inFlight.delete(fail);
        resolve();
      });
    });
    if (this.state === 'banned') throw new SendError('banned', 'banned', 'account banned');
    if (this.state !== 'connected') throw new SendError('disconnected', 'disconnected', 'not connected');
  }

  async sendMessage(to: string, message: OutgoingMessage) {
    if (this.state !== 'connected') {
      throw new SendError(this.state === 'banned' ? 'banned' : 'disconnected', this.state, `session is ${this.state}`);
    }
    await this.roundTrip();
    const { rates } = this.options;
    const roll = this.random.next();
    if (roll < rates.ban) {
      this.ban();
      throw new SendError('banned', 'banned', 'account banned');
    }
    if (roll < rates.ban + rates.disconnect) {
      this.disconnect();
      throw new SendError('disconnected', 'disconnected', 'connection lost');
    }
    if (roll < rates.ban + rates.disconnect + rates.transient) {
      throw new SendError('transient', this.random.pick(['429', '408', '503']), 'rate-overlimit or timeout');
    }
    if (roll < rates.ban + rates.disconnect + rates.transient + rates.rejected) {
      throw new SendError('rejected', '404', `${to} is not on WhatsApp`);
    }
    const text = [message.text, buttonsAsText(message.buttons)].filter(Boolean).join('\n\n');
    this.sent.push({ to, text, media: message.media?.name ?? null, at: new Date().toISOString() });
    if (this.sent.length > SENT_LOG_SIZE) this.sent.shift();
    return { id: `SIM${hashString(`${this.deviceId}:${to}:${this.sent.length}:${this.random.next()}`).toString(16)}` };
  }

  async checkNumber(number: string) {
    this.checks++;
    await this.roundTrip();
    const exists = simulatedExists(this.options, number);
    return { exists, name: exists ? (NAMES[hashString(number) % NAMES.length] ?? null) : null };
  }

  async logout() {
    this.credentials = null;
    this.emit({ type: 'connection', state: 'loggedOut', reason: 'logged out' });
    await this.close();
  }

  async close() {
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const fail of this.inFlight) fail(new SendError('disconnected', 'closed', 'session closed'));
    this.inFlight.clear();
    this.emitter.removeAllListeners();
    this.onEnd();
  }
}

/** Whether a number "exists" on WhatsApp for a simulator of this seed: its seeded hash, nothing else. */
function simulatedExists(options: { seed: number; rates: SimulatorRates }, number: string): boolean {
  return (hashString(`${options.seed}:${number}`) % 1000) / 1000 < options.rates.exists;
}

export class SimulatorDriver implements WaDriver {
  readonly name = 'simulator';
  private readonly sessions = new Map<string, SimSession>();
  private readonly options: Required<SimulatorOptions> & { rates: SimulatorRates };

  constructor(options: SimulatorOptions) {
    this.options = {
      seed: options.seed,
      scanMs: options.scanMs,
      rates: { ...DEFAULT_RATES, ...options.rates },
      delayMs: options.delayMs ?? [150, 600],
      reconnectMs: options.reconnectMs ?? 3000,
    };
  }

  async open(options: OpenSessionOptions): Promise<WaSession> {
    await this.sessions.get(options.deviceId)?.replaced();
    const session = new SimSession(options.deviceId, this.options, options, () => {
      if (this.sessions.get(options.deviceId) === session) this.sessions.delete(options.deviceId);
    });
    this.sessions.set(options.deviceId, session);
    return session;
  }

  /** Forces what a phone or WhatsApp would do; false when this process holds no such session. */
  control(deviceId: string, action: SimulatorAction, reply?: { from: string; text: string }): boolean {
    const session = this.sessions.get(deviceId);
    if (!session) return false;
    if (action === 'scan') session.scan();
    else if (action === 'disconnect') session.disconnect();
    else if (action === 'ban') session.ban();
    else if (action === 'reject') session.rejectUnawaited();
    else if (reply) session.reply(reply.from, reply.text);
    return true;
  }

  /** What checkNumber answers about `number`'s existence, asked without a session (tests compare with it). */
  exists(number: string): boolean {
    return simulatedExists(this.options, number);
  }

  /** Numbers checked through the device's current session. */
  checksBy(deviceId: string): number {
    return this.sessions.get(deviceId)?.checks ?? 0;
  }

  /** The last messages a session "delivered", as WhatsApp would show them. */
  sentBy(deviceId: string): readonly SentRecord[] {
    return this.sessions.get(deviceId)?.sent ?? [];
  }
}
