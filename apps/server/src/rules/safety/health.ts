/**
 * An account's health (DESIGN §8 Account safety): a score 0–100 from its own signals over the last
 * HEALTH_WINDOW_HOURS, and what the send policy makes of it. Pure: the signals in, the score and the pace out.
 * The reasoning behind each weight is in docs/decisions.md (Account safety, Health).
 *
 * Bad signals only take away, so the score never rises with more of one: WhatsApp's restrictions (463 and its
 * timelocks, 429s), temporary bans and suspensions from the account's event log; disconnects beyond a couple a
 * day; successful sends still not delivered LAG_MINUTES later (the recipient's phone never got them, the first
 * thing WhatsApp's spam filter does to an account it distrusts); and STOPs. Reads and replies earn back up to
 * ENGAGEMENT_MAX, never more than the penalties took.
 */
import type { THealthTrend } from '@sewablast/contract/whatsapp';

export const HEALTH_WINDOW_HOURS = 24;
/** The trend compares the score with the same window ending this many hours earlier. */
export const HEALTH_TREND_HOURS = 6;
/** A send not delivered this long after it went out counts as lagging. */
export const LAG_MINUTES = 30;
/** A difference smaller than this is no trend. */
export const TREND_STEP = 5;

/** WhatsApp's rate-overlimit: a restriction with this code counts as `rateLimited`, any other as `restricted`. */
export const RATE_LIMITED = '429';

export interface HealthSignals {
  /** Sends refused with 463 (a reach-out timelock, a LID contact unresolved, an unknown restriction). */
  restricted: number;
  /** Sends refused with 429 (rate-overlimit). */
  rateLimited: number;
  disconnects: number;
  tempBans: number;
  suspensions: number;
  /** Successful sends in the window. */
  sent: number;
  /** Successful sends older than LAG_MINUTES, and of those the ones with no delivered receipt yet. */
  settled: number;
  lagging: number;
  read: number;
  replied: number;
  stopped: number;
}

export const NO_SIGNALS: HealthSignals = {
  restricted: 0,
  rateLimited: 0,
  disconnects: 0,
  tempBans: 0,
  suspensions: 0,
  sent: 0,
  settled: 0,
  lagging: 0,
  read: 0,
  replied: 0,
  stopped: 0,
};

export const PENALTY = {
  restricted: 12,
  rateLimited: 6,
  /** Each disconnect past DISCONNECTS_FREE, up to disconnectsMax. */
  disconnect: 3,
  disconnectsMax: 30,
  tempBan: 35,
  suspension: 100,
  /** The whole of it when every settled send lags; nothing up to LAG_FREE of them. */
  lagging: 40,
  /** A STOP rate of STOP_FULL_RATE or more takes it whole. */
  stopped: 30,
} as const;
const DISCONNECTS_FREE = 2;
const LAG_FREE = 0.1;
/** Fewer settled sends than this tell nothing about delivery. */
const LAG_SAMPLE = 10;
const STOP_FULL_RATE = 0.1;
/** Rates are over at least this many sends, so that one STOP among three sends is not a 33 % rate. */
const RATE_FLOOR = 20;
const ENGAGEMENT_MAX = 10;

export function healthScore(s: HealthSignals): number {
  const lagShare = s.settled >= LAG_SAMPLE ? Math.min(1, s.lagging / s.settled) : 0;
  const base = Math.max(s.sent, RATE_FLOOR);
  const penalty =
    PENALTY.restricted * s.restricted +
    PENALTY.rateLimited * s.rateLimited +
    Math.min(PENALTY.disconnectsMax, PENALTY.disconnect * Math.max(0, s.disconnects - DISCONNECTS_FREE)) +
    PENALTY.tempBan * s.tempBans +
    PENALTY.suspension * s.suspensions +
    (PENALTY.lagging * Math.max(0, lagShare - LAG_FREE)) / (1 - LAG_FREE) +
    PENALTY.stopped * Math.min(1, s.stopped / base / STOP_FULL_RATE);
  const engagement = Math.min(ENGAGEMENT_MAX, penalty, (ENGAGEMENT_MAX * (s.read + 3 * s.replied)) / base);
  return Math.max(0, Math.min(100, Math.round(100 - penalty + engagement)));
}

export function healthTrend(now: number, before: number): THealthTrend {
  if (now - before >= TREND_STEP) return 'up';
  if (before - now >= TREND_STEP) return 'down';
  return 'steady';
}

export interface HealthThresholds {
  health_slow_below: number;
  health_pause_below: number;
}

export type HealthState = 'ok' | 'slowed' | 'paused';

export interface HealthPace {
  state: HealthState;
  /** The interval's factor (1 at full health, up to MAX_STRETCH). */
  stretch: number;
  /** The share of the day's cap it may send (1 at full health). */
  capShare: number;
}

export const MAX_STRETCH = 4;

/**
 * Below `health_slow_below` the interval stretches and the cap shrinks with the square of how far health fell
 * toward 0 (a little at first, hard near the pause); below `health_pause_below` the account pauses.
 */
export function healthPace(health: number, thresholds: HealthThresholds): HealthPace {
  if (health < thresholds.health_pause_below) return { state: 'paused', stretch: MAX_STRETCH, capShare: 0 };
  if (health >= thresholds.health_slow_below) return { state: 'ok', stretch: 1, capShare: 1 };
  const share = (health / thresholds.health_slow_below) ** 2;
  return { state: 'slowed', stretch: Math.min(MAX_STRETCH, 1 / Math.max(share, 1 / MAX_STRETCH)), capShare: share };
}
