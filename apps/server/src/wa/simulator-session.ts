/**
 * A simulated session's sends and checks, with the faults of the real ones: 463 on a cold contact, numbers
 * not on WhatsApp, passing errors, drops, 440, 401 and bans at seeded rates (simulator-rates.ts), and what
 * follows an accepted message (simulator-outbox.ts). Connection and link: simulator-connection.ts and
 * simulator-link.ts.
 */

import { memorySentMessages } from './bounded-cache.ts';
import { buttonsAsText, type OpenSessionOptions, type OutgoingMessage, SendError, type WaSession } from './driver.ts';
import { hashString, type Random, seededRandom } from './random.ts';
import type { SessionDriverSide } from './simulator-connection.ts';
import { SimLink } from './simulator-link.ts';
import { SimOutbox } from './simulator-outbox.ts';
import { type ResolvedSimulatorOptions, type SimulatorRates, sendFault } from './simulator-rates.ts';
import { type AccountRisk, recipientFactor, riskFactor, riskOdds } from './simulator-risk.ts';

/** What WhatsApp answers a passing failure with: rate-overlimit (a check's), a timeout, a server busy. */
const TRANSIENT_CODES = ['429', '408', '503'] as const;
/** A send's passing failures; its 429 is a fault of its own (`rateLimited`). */
const SEND_TRANSIENT_CODES = ['408', '503'] as const;

export class SimSession extends SimLink implements WaSession {
  readonly outbox: SimOutbox;
  /** Lost acks draw from their own stream, so that a seed's other rolls stay what they were. */
  private readonly ackRandom: Random;
  /** Timelocks draw from their own stream too. */
  private readonly reachRandom: Random;
  /** And a check's ban under the behaviour model. */
  private readonly checkRandom: Random;
  /** Numbers this session answered for: a check that failed (and was asked again) is not one. */
  checks = 0;

  constructor(
    deviceId: string,
    options: ResolvedSimulatorOptions,
    open: OpenSessionOptions,
    driver: SessionDriverSide,
  ) {
    super(deviceId, options, open, driver);
    this.outbox = new SimOutbox(
      {
        deviceId,
        connected: () => this.state === 'connected',
        alive: () => !['loggedOut', 'banned', 'closed'].includes(this.state),
        later: (ms, work) => this.later(ms, work),
        emit: (event) => this.emit(event),
      },
      options,
      open.sentMessages ?? memorySentMessages(),
      seededRandom(options.seed ^ hashString(deviceId) ^ hashString('outbox')),
      seededRandom(options.seed ^ hashString(deviceId) ^ hashString('recipients')),
    );
    this.ackRandom = seededRandom(options.seed ^ hashString(deviceId) ^ hashString('ack'));
    this.reachRandom = seededRandom(options.seed ^ hashString(deviceId) ^ hashString('reach'));
    this.checkRandom = seededRandom(options.seed ^ hashString(deviceId) ^ hashString('check'));
  }

  /**
   * A message from a person, by number or, for a contact WhatsApp moved to a LID, by LID (`…@lid`): passed on
   * by the number the session sent to under that LID, as the real driver's LID map does, or dropped when the
   * session never met the LID.
   */
  reply(from: string, text: string) {
    const number = from.endsWith('@lid') ? this.outbox.numberOfLid(from) : from;
    if (number) this.emit({ type: 'message', from: number, text });
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

  private async roundTrip() {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: SendError) => reject(error);
      this.inFlight.add(fail);
      this.later(this.networkDelay(), () => {
        this.inFlight.delete(fail);
        resolve();
      });
    });
    this.assertConnected();
  }

  private assertConnected() {
    if (this.state === 'banned') throw new SendError('banned', 'banned', 'account banned');
    if (this.state !== 'connected') throw new SendError('disconnected', 'not-connected', `session is ${this.state}`);
  }

  async sendMessage(to: string, message: OutgoingMessage, given?: string) {
    this.assertConnected();
    await this.roundTrip();
    // WhatsApp takes a message id once: a try again of a message it has is acknowledged, not delivered again.
    if (given && this.outbox.has(given)) return { id: given };
    const text = [message.text, buttonsAsText(message.buttons)].filter(Boolean).join('\n\n');
    const risk = this.risk();
    const signals = risk?.send(to, text, this.options.now());
    const factor = signals ? riskFactor(signals) : null;
    const rates = this.judged(factor);
    if (this.reachRandom.next() < rates.timelock) this.outbox.restrict();
    const end = this.outbox.timelockEnd(to);
    if (end) throw new SendError('restricted', '463', `WhatsApp reach-out timelock until ${end.toISOString()}`, end);
    // A missing token is fetched and the send goes once more, as the real driver does: nothing shows but the count.
    this.outbox.needsToken(to);
    switch (sendFault(this.random.next(), rates)) {
      case 'ban':
        this.ban();
        throw new SendError('banned', 'banned', 'account banned');
      case 'tempBan':
        this.tempBan();
        throw new SendError('disconnected', 'connection-closed', 'temporarily banned');
      case 'disconnect':
        this.disconnect();
        throw new SendError('disconnected', 'connection-closed', 'connection lost');
      case 'transient':
        throw new SendError('transient', this.random.pick(SEND_TRANSIENT_CODES), 'timeout or server busy');
      case 'rateLimited':
        throw new SendError('transient', '429', 'rate-overlimit');
      case 'rejected':
        throw new SendError('rejected', 'not-on-whatsapp', `${to} is not on WhatsApp`);
      case 'replaced':
        await this.replaced();
        throw new SendError('disconnected', 'connection-closed', 'connection replaced');
      case 'loggedOut':
        this.removedFromPhone();
        throw new SendError('disconnected', 'connection-closed', 'device removed');
      case null:
        break;
    }
    // A contact moved to a LID answers 463 to its phone number; the driver sends once more to the LID.
    const lid = simulatedLid(this.options, to);
    const id =
      given ??
      `SIM${hashString(`${this.deviceId}:${to}:${this.outbox.sent.length}:${this.random.next()}`).toString(16)}`;
    const fate = await this.outbox.accepted(
      id,
      { to, text, media: message.media?.name ?? null, ...(lid ? { lid } : {}) },
      risk && signals ? recipientFactor(signals, risk.standing) : null,
    );
    // The recipient's STOP comes within seconds: WhatsApp counts it against the account's next sends.
    if (fate?.stopped) risk?.reported(this.options.now());
    if (this.ackRandom.next() < this.options.rates.lostAck) {
      throw new SendError('transient', 'timeout', 'no acknowledgement from WhatsApp');
    }
    return { id };
  }

  /**
   * As the real driver: whether the number has an account, never a name (onWhatsApp gives none). A query
   * meets WhatsApp's passing failures (429, a timeout) at the rate a send does.
   */
  async checkNumber(number: string) {
    await this.roundTrip();
    const signals = this.risk()?.check(this.options.now());
    if (signals) this.judgeCheck(this.judged(riskFactor(signals)));
    if (this.random.next() < this.options.rates.transient) {
      throw new SendError('transient', this.random.pick(TRANSIENT_CODES), 'rate-overlimit or timeout');
    }
    this.checks++;
    return { exists: simulatedExists(this.options, number), name: null };
  }

  /** What WhatsApp remembers of this account, when the ban model judges behaviour. */
  private risk(): AccountRisk | null {
    return this.credentials ? this.driver.risk(this.credentials) : null;
  }

  /**
   * The rates a send or check meets: as given, or under the behaviour model scaled by the factor of what the
   * account did.
   */
  private judged(factor: number | null): SimulatorRates {
    const { rates } = this.options;
    if (factor === null) return rates;
    return {
      ...rates,
      ban: riskOdds(rates.ban, factor),
      tempBan: riskOdds(rates.tempBan, factor),
      timelock: riskOdds(rates.timelock, factor),
    };
  }

  /** A check may get the account banned too (Evolution #2228), rolled on a stream of its own. */
  private judgeCheck(rates: SimulatorRates) {
    const roll = this.checkRandom.next();
    if (roll < rates.ban) {
      this.ban();
      throw new SendError('banned', 'banned', 'account banned');
    }
    if (roll < rates.ban + rates.tempBan) {
      this.tempBan();
      throw new SendError('disconnected', 'connection-closed', 'temporarily banned');
    }
  }

  async logout() {
    if (this.credentials) this.driver.revoke(this.deviceId, this.credentials);
    this.credentials = null;
    this.connection('loggedOut', 'logged out');
    await this.close();
  }
}

/** Whether a number "exists" on WhatsApp for a simulator of this seed: its seeded hash, nothing else. */
export function simulatedExists(options: { seed: number; rates: { exists: number } }, number: string): boolean {
  return (hashString(`${options.seed}:${number}`) % 1000) / 1000 < options.rates.exists;
}

/** The LID a number was moved to for a simulator of this seed (a share `lidContacts` of numbers), or null. */
export function simulatedLid(options: { seed: number; rates: { lidContacts: number } }, number: string): string | null {
  const hash = hashString(`${options.seed}:lid:${number}`);
  return (hash % 1000) / 1000 < options.rates.lidContacts ? `${hash}${number.slice(-4)}@lid` : null;
}
