/**
 * How the simulator decides bans and restrictions when it plays WhatsApp's judgement (`bans: 'behaviour'`,
 * SIM_BANS): each send's (and each number check's) odds of a ban (406), a temporary ban (402) and a reach-out
 * timelock (463) are a base rate times a factor that rises with what the account has been doing: its send
 * rate, identical bodies, first contacts, sending at night, a fresh link, number checks and the reports (STOPs) its
 * recipients made in the last day; some numbers start out distrusted. The shapes and
 * constants are written out in docs/operations.md ("The simulator's ban model"); they are a guess from
 * published advice and complaints, not WhatsApp's rule, which nobody outside WhatsApp knows.
 */

import { hashString } from './random.ts';

/** What the account did, as WhatsApp could see it when a send or a check reaches it. */
export interface RiskSignals {
  /** Sends in the hour before this one. */
  sendsLastHour: number;
  /** Share (0–1) of the account's last RISK.recent sends, this one included, with this very body. */
  sameBodyShare: number;
  /** Share (0–1) of the account's last RISK.recent sends, this one included, to numbers it never messaged before. */
  firstContactShare: number;
  /** Whether it is night (RISK.nightFrom–RISK.nightTo) in the business time zone. */
  night: boolean;
  /** Days since the device was linked; Infinity when nobody knows (hand-made credentials). */
  ageDays: number;
  /** Number checks (onWhatsApp lookups) in the hour before this one. */
  checksLastHour: number;
  /** Recipients who answered STOP (reported the account) in the RISK.reportsHours before this send. */
  reportsLastDay: number;
}

export const RISK = {
  /** Sends (or checks) counted as recent for the shares: about a blast's last quarter hour at 20 s. */
  recent: 50,
  /** Sends an hour at which the rate doubles the odds; the factor grows with the square beyond it. */
  sendsPerHour: 60,
  /** What all-identical recent bodies add: ×3 at a share of 1. */
  sameBody: 2,
  /** What all-first-contact recent sends add: ×4 at a share of 1. */
  firstContact: 3,
  /** Night's factor, and its hours in the business time zone. */
  night: 3,
  nightFrom: 22,
  nightTo: 6,
  /** What a link made this moment adds (×5), fading by e every `freshDays`. */
  fresh: 4,
  freshDays: 7,
  /** Checks an hour at which checking doubles the odds; squared beyond it. */
  checksPerHour: 100,
  /** Reports (STOPs) within `reportsHours` at which they double the odds; each one adds as much again. */
  reports: 10,
  reportsHours: 24,
  /**
   * The share of numbers WhatsApp already distrusts (recycled, or reported under an earlier owner), and how much
   * worse their recipients and WhatsApp's filter treat each message: as if it were `distrust` careful ones.
   */
  distrustedShare: 0.2,
  distrust: 4,
} as const;

/**
 * The odds' multiplier for what the account did: 1 for a months-old account sending a few varied messages
 * an hour to people it knows, by day, checking nothing. Every factor is at least 1 and grows with its signal
 * (the tests hold each monotone), and they multiply: WhatsApp's signals are taken to compound, not to add.
 */
export function riskFactor(signals: RiskSignals): number {
  const rate = 1 + (signals.sendsLastHour / RISK.sendsPerHour) ** 2;
  const same = 1 + RISK.sameBody * clampShare(signals.sameBodyShare);
  const first = 1 + RISK.firstContact * clampShare(signals.firstContactShare);
  const night = signals.night ? RISK.night : 1;
  const fresh = 1 + RISK.fresh * Math.exp(-Math.max(0, signals.ageDays) / RISK.freshDays);
  const checks = 1 + (signals.checksLastHour / RISK.checksPerHour) ** 2;
  const reports = 1 + Math.max(0, signals.reportsLastDay) / RISK.reports;
  return rate * same * first * night * fresh * checks * reports;
}

/**
 * The factor a message's recipients and WhatsApp's delivery filter meet (recipientOdds): what they can see of
 * it, the ban factor without the reports (which only WhatsApp counts, and which would otherwise feed on
 * themselves), times the account's standing.
 */
export function recipientFactor(signals: RiskSignals, standing: number): number {
  return riskFactor({ ...signals, reportsLastDay: 0 }) * standing;
}

/**
 * A number's standing for a simulator of this seed: RISK.distrust for a seeded share RISK.distrustedShare of
 * numbers, 1 for the rest; the same number has the same standing in every run of the seed.
 */
export function standingOf(seed: number, phonenumber: string): number {
  return (hashString(`${seed}:standing:${phonenumber}`) % 1000) / 1000 < RISK.distrustedShare ? RISK.distrust : 1;
}

function clampShare(share: number): number {
  return Math.min(1, Math.max(0, share));
}

/** A base rate times the factor, as a probability. */
export function riskOdds(base: number, factor: number): number {
  return Math.min(1, base * factor);
}

/**
 * What the recipients of an account's messages do under the behaviour model, at the odds of a careful account
 * (factor 1): WhatsApp holds a message back undelivered (a phone off long, or its spam filter: the lag the
 * health score counts), the recipient reads it, replies, or answers STOP. docs/operations.md gives the shapes.
 */
export const RECIPIENTS = {
  lag: 0.01,
  read: 0.5,
  reply: 0.05,
  stop: 0.001,
} as const;

export interface RecipientOdds {
  lag: number;
  read: number;
  reply: number;
  stop: number;
}

/**
 * The recipients' odds for a message sent with ban-odds factor `factor` (riskFactor): what raises the ban odds
 * is what makes recipients block and report (strangers, copies, a flood, night) and WhatsApp filter, so a
 * withheld delivery and a STOP are each as likely as at least one of `factor` careful messages meeting it
 * (1 − (1 − p)^factor: near p × factor while small, never above 1), and reads and replies fall with its root.
 */
export function recipientOdds(factor: number): RecipientOdds {
  const pushed = (base: number) => 1 - (1 - base) ** Math.max(1, factor);
  const root = Math.sqrt(Math.max(1, factor));
  return {
    lag: pushed(RECIPIENTS.lag),
    read: RECIPIENTS.read / root,
    reply: RECIPIENTS.reply / root,
    stop: pushed(RECIPIENTS.stop),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const REPORTS_MS = RISK.reportsHours * HOUR_MS;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) on the wall clock of `timeZone` at `instant` (ms). */
export function localHour(timeZone: string, instant: number): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(instant)) % 24;
}

export function isNight(timeZone: string, instant: number): boolean {
  const hour = localHour(timeZone, instant);
  return hour >= RISK.nightFrom || hour < RISK.nightTo;
}

/** Times within the last `spanMs` (an hour unless told), oldest first: kept as a queue trimmed as the clock moves on. */
class TimeWindow {
  private readonly times: number[] = [];
  private head = 0;

  constructor(private readonly spanMs = HOUR_MS) {}

  count(now: number): number {
    while (this.head < this.times.length && (this.times[this.head] as number) <= now - this.spanMs) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }

  add(now: number) {
    this.times.push(now);
  }
}

/**
 * What WhatsApp remembers of one account (its phone number), across its sessions: when it was linked, its
 * recent sends, checks and reports, everyone it ever messaged, and its standing (standingOf).
 */
export class AccountRisk {
  private readonly sends = new TimeWindow();
  private readonly checks = new TimeWindow();
  private readonly reports = new TimeWindow(REPORTS_MS);
  private readonly contacted = new Set<string>();
  /** The last RISK.recent sends: their body and whether each went to a first contact. */
  private readonly recent: { body: string; first: boolean }[] = [];

  /** When the device was linked (ms), null when nobody knows (hand-made credentials). */
  private linkedAt: number | null = null;
  private linkedAtText: string | null = null;

  constructor(
    private readonly timeZone: string,
    readonly standing = 1,
  ) {}

  /** The link time its credentials carry (ISO), read again only when it changes (a new link). */
  linked(at: string | null) {
    if (at === this.linkedAtText) return;
    this.linkedAtText = at;
    const ms = at === null ? Number.NaN : Date.parse(at);
    this.linkedAt = Number.isNaN(ms) ? null : ms;
  }

  /** The signals of a send of `body` to `to` at `now`, which is then remembered. */
  send(to: string, body: string, now: number): RiskSignals {
    const first = !this.contacted.has(to);
    this.contacted.add(to);
    this.recent.push({ body, first });
    if (this.recent.length > RISK.recent) this.recent.shift();
    const same = this.recent.filter((sent) => sent.body === body).length;
    const firsts = this.recent.filter((sent) => sent.first).length;
    const signals = this.signals(now, {
      sendsLastHour: this.sends.count(now),
      sameBodyShare: same / this.recent.length,
      firstContactShare: firsts / this.recent.length,
    });
    this.sends.add(now);
    return signals;
  }

  /** A recipient answered STOP at `now`: WhatsApp takes it as a report against the account. */
  reported(now: number) {
    this.reports.add(now);
  }

  /** The signals of a number check at `now`, which is then remembered. */
  check(now: number): RiskSignals {
    const signals = this.signals(now, { sendsLastHour: this.sends.count(now), sameBodyShare: 0, firstContactShare: 0 });
    this.checks.add(now);
    return signals;
  }

  private signals(
    now: number,
    sending: Pick<RiskSignals, 'sendsLastHour' | 'sameBodyShare' | 'firstContactShare'>,
  ): RiskSignals {
    return {
      ...sending,
      night: isNight(this.timeZone, now),
      ageDays: this.linkedAt === null ? Number.POSITIVE_INFINITY : (now - this.linkedAt) / DAY_MS,
      checksLastHour: this.checks.count(now),
      reportsLastDay: this.reports.count(now),
    };
  }
}
