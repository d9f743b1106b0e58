/**
 * How rough the simulated WhatsApp is: the seeded chance of each thing the real one does to a session, and
 * the timings it does them with. Defaults let a demo mostly work while every path still shows up now and
 * then; tests set a rate to 1 or 0 to force a path or keep it away.
 */

export interface SimulatorRates {
  /** Chance that a send or a number check fails for a passing reason (a timeout, 503; 429 for a check): retried by the engine. */
  transient: number;
  /** Chance that a send meets WhatsApp's rate-overlimit (429): a blast cools the account down. */
  rateLimited: number;
  /** Chance that a send finds the connection dropped; it comes back after a moment. */
  disconnect: number;
  /** Chance that a send gets the account banned (406). */
  ban: number;
  /** Chance that a send gets the account banned for `tempBanMs` (402): its credentials stay good. */
  tempBan: number;
  /** Chance that a recipient is not on WhatsApp, so the send is rejected for good. */
  rejected: number;
  /** Share of numbers that exist on WhatsApp for checkNumber. */
  exists: number;
  /** Chance that a send meets WhatsApp Web opened elsewhere with the same credentials (440): the session ends. */
  replaced: number;
  /** Chance that a send meets the device removed from the phone (401): the credentials are useless after. */
  loggedOut: number;
  /**
   * Chance that a first send to a number this session never reached is refused with 463 for a missing
   * trusted-contact token; the driver fetches one and sends once more, which goes through.
   */
  restricted: number;
  /**
   * Chance that a send puts the account under WhatsApp's reach-out timelock for `restrictedMs`: sends to
   * numbers it never reached are refused with 463 and the timelock's end until then.
   */
  timelock: number;
  /** Share of numbers WhatsApp moved to a LID: a send to the phone number gets 463 and goes again to the LID. */
  lidContacts: number;
  /** Chance that the phone never scans by itself, so the QR refs (or the code) run out. */
  unscanned: number;
  /** Chance that a scan is followed by 515 "restart required": the linked session comes back on a new socket. */
  restartAfterScan: number;
  /** Chance that a connect is refused with 405 (an old WhatsApp Web version); it recovers after about `outdatedMs` of reconnects. */
  outdated: number;
  /** Chance that a recipient asks for a message again after it was sent (its phone could not decrypt it). */
  retryRequest: number;
  /** Chance that a sent message is reported delivered. */
  delivered: number;
  /** Chance that a delivered message is reported read. */
  read: number;
  /** Chance that a new link's own name arrives a moment after it is authenticated, not with it. */
  lateName: number;
  /**
   * Chance that a message WhatsApp took has its ack lost on the way back: the send times out, and a try again
   * under the same id is acknowledged without arriving twice.
   */
  lostAck: number;
}

export const DEFAULT_RATES: SimulatorRates = {
  transient: 0.04,
  rateLimited: 0.002,
  disconnect: 0.005,
  ban: 0.0005,
  tempBan: 0.0003,
  rejected: 0.03,
  exists: 0.6,
  replaced: 0.0005,
  loggedOut: 0.0005,
  restricted: 0.005,
  timelock: 0.0005,
  lidContacts: 0.1,
  unscanned: 0.02,
  restartAfterScan: 0.5,
  outdated: 0.01,
  retryRequest: 0.02,
  delivered: 0.9,
  read: 0.5,
  lateName: 0.5,
  lostAck: 0.005,
};

/**
 * The base odds of a ban, a temporary ban and a reach-out timelock under the behaviour model
 * (simulator-risk.ts), for an account that does nothing WhatsApp frowns on; what it does multiplies them.
 * Chosen (docs/operations.md) so that a fresh number blasting cold contacts by day every 20 s with three
 * variants lasts about 2,000 sends, and a careful old account hundreds of thousands.
 */
export const BEHAVIOUR_RATES: Pick<SimulatorRates, 'ban' | 'tempBan' | 'timelock'> = {
  ban: 0.0000015,
  tempBan: 0.000003,
  timelock: 0.000006,
};

/**
 * How a session's ban and restriction odds are decided: `flat`, each send at the rates as given (what the
 * tests were written against); `behaviour`, the rates scaled by what the account did (simulator-risk.ts), from
 * BEHAVIOUR_RATES unless the rates name their own.
 */
export type BanModel = 'flat' | 'behaviour';

export interface SimulatorOptions {
  seed: number;
  scanMs: number;
  rates?: Partial<SimulatorRates>;
  /** `flat` unless asked: `npm start` asks for SIM_BANS, `behaviour` by default. */
  bans?: BanModel;
  /** The clock the simulated WhatsApp reads (ms): its restrictions' ends and, under `behaviour`, its judgement. */
  now?: () => number;
  /** The business time zone, whose night `behaviour` counts against a send. */
  timeZone?: string;
  /** Network delay of a send or check, in ms. */
  delayMs?: [number, number];
  reconnectMs?: number;
  /** How long the first QR ref lives, then each of the others (Baileys: 60 s, then 20 s). */
  qrMs?: [number, number];
  /** How many QR refs WhatsApp hands out before the link attempt ends (408 "QR refs attempts ended"). */
  qrRefs?: number;
  /** How long after a send its receipts arrive: delivered, then read as long again. */
  receiptMs?: [number, number];
  /** How long after a send a retry request arrives, and after authenticated a late name. */
  laterMs?: [number, number];
  /** How long WhatsApp keeps refusing the version once it did (until "a new version is out"). */
  outdatedMs?: [number, number];
  /** How long a reach-out timelock keeps the account from cold contacts. */
  restrictedMs?: number;
  /** How long a temporary ban (402) lasts. */
  tempBanMs?: number;
}

export type ResolvedSimulatorOptions = Required<Omit<SimulatorOptions, 'rates'>> & { rates: SimulatorRates };

export function resolveSimulatorOptions(options: SimulatorOptions): ResolvedSimulatorOptions {
  const bans = options.bans ?? 'flat';
  return {
    seed: options.seed,
    scanMs: options.scanMs,
    rates: { ...DEFAULT_RATES, ...(bans === 'behaviour' ? BEHAVIOUR_RATES : {}), ...options.rates },
    bans,
    now: options.now ?? Date.now,
    timeZone: options.timeZone ?? 'Asia/Jakarta',
    delayMs: options.delayMs ?? [150, 600],
    reconnectMs: options.reconnectMs ?? 3000,
    qrMs: options.qrMs ?? [60_000, 20_000],
    qrRefs: options.qrRefs ?? 5,
    receiptMs: options.receiptMs ?? [500, 5000],
    laterMs: options.laterMs ?? [1000, 4000],
    outdatedMs: options.outdatedMs ?? [10_000, 60_000],
    restrictedMs: options.restrictedMs ?? 10 * 60_000,
    tempBanMs: options.tempBanMs ?? 60 * 60_000,
  };
}

/** The faults a send may meet, in the order their rates stack up on one roll. */
const SEND_FAULTS = [
  'ban',
  'disconnect',
  'transient',
  'rejected',
  'replaced',
  'loggedOut',
  'rateLimited',
  'tempBan',
] as const;
export type SendFault = (typeof SEND_FAULTS)[number];

/** The fault a send's roll (0 to 1) lands on, or null for a message WhatsApp accepts. */
export function sendFault(roll: number, rates: SimulatorRates): SendFault | null {
  let below = 0;
  for (const fault of SEND_FAULTS) {
    below += rates[fault];
    if (roll < below) return fault;
  }
  return null;
}

/**
 * WhatsApp's rarer moves off (a 405 that lasts, a 463 that makes a blast wait, a phone that never scans, a
 * late name...), leaving the everyday ones: passing failures, drops, refused numbers, bans, receipts.
 */
export const RARE_FAULTS_OFF: Partial<SimulatorRates> = {
  tempBan: 0,
  timelock: 0,
  lidContacts: 0,
  rateLimited: 0,
  replaced: 0,
  loggedOut: 0,
  restricted: 0,
  unscanned: 0,
  restartAfterScan: 0,
  outdated: 0,
  retryRequest: 0,
  lateName: 0,
  lostAck: 0,
};

/** No faults at all: every send is accepted, every link scanned as asked; receipts still come. */
export const QUIET_RATES: Partial<SimulatorRates> = {
  tempBan: 0,
  timelock: 0,
  lidContacts: 0,
  transient: 0,
  rateLimited: 0,
  disconnect: 0,
  ban: 0,
  rejected: 0,
  replaced: 0,
  loggedOut: 0,
  restricted: 0,
  unscanned: 0,
  restartAfterScan: 0,
  outdated: 0,
  retryRequest: 0,
  lateName: 0,
  lostAck: 0,
};

/** Which of WhatsApp's faults the simulator plays (SIM_FAULTS): all of them, the everyday ones, or none. */
export function ratesOf(faults: 'all' | 'common' | 'none'): Partial<SimulatorRates> {
  if (faults === 'none') return QUIET_RATES;
  return faults === 'common' ? RARE_FAULTS_OFF : {};
}
