/**
 * When may this account send next, and why not now (DESIGN §8 Account safety): the one rule the blast loop
 * obeys and the account's row and live events report. Pure: the account's counters, the settings and a clock
 * in, the verdict out. An account waits for a restriction WhatsApp set (`limited_until`), outside the service's
 * sending hours, and once it sent its cap for the sending day; its cap is lower while it warms up (linked anew,
 * back from a temporary ban, or idle for 72 hours). The member's own terms narrow the cap and the hours
 * (member-terms.ts). The account's health (health.ts) stretches its interval and lowers its cap as it falls,
 * and below a threshold holds it until it recovers. Once warmed up, its cap grows with the days it proved itself
 * (proven-cap.ts).
 *
 * A sending day begins when the sending hours open (08:00 for 08:00–20:00; 22:00 for 22:00–06:00), so that a
 * window crossing midnight has one cap, not two.
 */
import { wallClock } from '@sewablast/contract/wall-clock';
import type { THealthTrend, TWaitReason } from '@sewablast/contract/whatsapp';
import { startOfBusinessDate } from '../../lib/business-day.ts';
import { type HealthPace, type HealthThresholds, healthPace, healthTrend } from './health.ts';
import { type MemberTerms, sendingHours, termsCap } from './member-terms.ts';
import { type ProvenChange, type ProvenSettings, provenCap, provenChange } from './proven-cap.ts';

export interface SafetySettings extends ProvenSettings {
  daily_cap: number;
  warmup_days: number;
  warmup_start_cap: number;
  send_window_start: string;
  send_window_end: string;
  template_repeat_days: number;
}

/** What the rule reads of the account row, its owner's own terms among it (member-terms.ts). */
export interface SafetyCounters extends MemberTerms {
  sent_day: string | null;
  sent_count: number;
  last_sent_at: Date | null;
  warmup_started_on: string | null;
  limited_until: Date | null;
  /** Sending days it proved itself since its warm-up (proven-cap.ts), and when it was last restricted. */
  proven_days: number;
  restricted_at: Date | null;
}

/** `no_hours`: the member's sending hours and the service's never meet; `health`: paused until it recovers. */
export type WaitReason = TWaitReason;

/** The account's health as last computed (its row), and the settings' thresholds. */
export interface HealthInput {
  score: number;
  before: number;
  thresholds: HealthThresholds;
}

/** The account's safety figures as its row and its live events carry them. */
export interface SafetyView {
  /** The most it sends in this sending day (lowered while it warms up, raised once it proved itself). */
  daily_cap: number;
  /** Its cap today is above the service's daily cap because it proved itself (proven-cap.ts). */
  cap_grown: boolean;
  sent_today: number;
  /** Its day of warm-up (1 the first), null once warmed up. */
  warmup_day: number | null;
  warmup_days: number;
  /** When a waiting account may send again (ISO), null when it may send now. */
  resume_at: string | null;
  wait_reason: WaitReason | null;
  health: number;
  health_trend: THealthTrend;
  health_pause_below: number;
  health_slowed: boolean;
}

export interface SafetyVerdict extends SafetyView {
  /** The sending day a send now belongs to (YYYY-MM-DD), counted under it when recorded. */
  day: string;
  /** The sending day the warm-up a send now counts in began (a long-idle account's starts today). */
  warmupFrom: string | null;
  /** The factor the interval is stretched by for the account's health (1 when it is healthy). */
  stretch: number;
  /** What a send now does to the account's proven days (proven-cap.ts), written with its outcome. */
  proven: ProvenChange;
}

export interface PolicyClock {
  timeZone: string;
  now: Date;
  /** Off (ACCOUNT_SAFETY=off): nothing waits and nothing warms up; the day's sends are still counted. */
  enforce: boolean;
}

/** An account that sent nothing for this long warms up again. */
export const IDLE_REWARM_MS = 72 * 60 * 60 * 1000;

const MINUTE = 60_000;

/** Minutes after midnight of an `HH:MM` time. */
export function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether `minutes` after midnight fall in the sending hours; equal ends mean all day. */
export function windowOpen(minutes: number, start: number, end: number): boolean {
  if (start === end) return true;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The sending day `now` belongs to: the date on which the sending hours last opened. */
export function sendingDay(timeZone: string, now: Date, start: number): string {
  return wallClock(now.getTime() - start * MINUTE, timeZone).date;
}

/** The first opening of the sending hours after `now`. */
function nextOpening(timeZone: string, now: Date, start: number): Date {
  const today = wallClock(now.getTime(), timeZone).date;
  for (const day of [today, addDays(today, 1)]) {
    const opening = startOfBusinessDate(timeZone, day).getTime() + start * MINUTE;
    if (opening > now.getTime()) return new Date(opening);
  }
  return new Date(startOfBusinessDate(timeZone, addDays(today, 2)).getTime() + start * MINUTE);
}

/** The cap on warm-up day `day` of `settings.warmup_days`: from the start cap up toward the daily cap. */
export function warmupCap(settings: SafetySettings, day: number): number {
  const { daily_cap: full, warmup_start_cap: first, warmup_days: days } = settings;
  if (day > days) return full;
  return Math.min(full, first + Math.floor(((full - first) * (day - 1)) / days));
}

const FULL_HEALTH: HealthInput = {
  score: 100,
  before: 100,
  thresholds: { health_slow_below: 0, health_pause_below: 0 },
};

export function sendPolicy(
  account: SafetyCounters,
  settings: SafetySettings,
  clock: PolicyClock,
  health: HealthInput = FULL_HEALTH,
): SafetyVerdict {
  const { timeZone, now, enforce } = clock;
  const hours = sendingHours(settings.send_window_start, settings.send_window_end, account);
  const day = sendingDay(timeZone, now, hours.dayStart);
  const sent_today = account.sent_day === day ? account.sent_count : 0;
  const idle = account.last_sent_at === null || now.getTime() - account.last_sent_at.getTime() >= IDLE_REWARM_MS;
  const warmupFrom = idle ? day : account.warmup_started_on;
  const warmupDay = enforce && warmupFrom !== null ? daysBetween(warmupFrom, day) + 1 : null;
  const warmup_day = warmupDay !== null && warmupDay <= settings.warmup_days ? warmupDay : null;
  const grownCap = provenCap(settings, account.proven_days);
  const fullCap = termsCap(warmup_day === null ? grownCap : warmupCap(settings, warmup_day), account);
  const proven = provenChange(
    {
      day: account.sent_day,
      sent: account.sent_count,
      cap: grownCap,
      maxed: provenCap(settings, account.proven_days + 1) === grownCap,
      warmedUp:
        account.sent_day !== null &&
        account.warmup_started_on !== null &&
        daysBetween(account.warmup_started_on, account.sent_day) >= settings.warmup_days,
      restrictedOn: account.restricted_at && sendingDay(timeZone, account.restricted_at, hours.dayStart),
      healthy: health.score >= health.thresholds.health_slow_below,
    },
    day,
    idle && warmupFrom !== account.warmup_started_on,
  );
  const pace: HealthPace = enforce
    ? healthPace(health.score, health.thresholds)
    : { state: 'ok', stretch: 1, capShare: 1 };
  // A slowed account still sends one a day, so that its delivery keeps being measured.
  const daily_cap = pace.state === 'slowed' ? Math.max(1, Math.floor(fullCap * pace.capShare)) : fullCap;
  const base = {
    day,
    warmupFrom,
    sent_today,
    daily_cap,
    cap_grown: warmup_day === null && daily_cap > settings.daily_cap,
    warmup_day,
    warmup_days: settings.warmup_days,
    stretch: pace.stretch,
    proven,
    health: health.score,
    health_trend: healthTrend(health.score, health.before),
    health_pause_below: health.thresholds.health_pause_below,
    health_slowed: pace.state === 'slowed',
  };
  const free = { ...base, resume_at: null, wait_reason: null };
  if (!enforce) return free;
  const waitUntil = (reason: WaitReason, until: Date) => ({
    ...base,
    resume_at: until.toISOString(),
    wait_reason: reason,
  });
  if (account.limited_until && account.limited_until > now) return waitUntil('limited', account.limited_until);
  if (hours.never) return { ...base, resume_at: null, wait_reason: 'no_hours' };
  const nextDay = nextOpening(timeZone, now, hours.dayStart);
  if (!hours.open(wallClock(now.getTime(), timeZone).minutes)) {
    const opening = new Date(
      Math.min(...hours.openings.map((minutes) => nextOpening(timeZone, now, minutes).getTime())),
    );
    // Between two stretches of one sending day (member-terms.ts) with its cap spent, the wait is for the next day.
    if (sent_today >= daily_cap && sendingDay(timeZone, opening, hours.dayStart) === day)
      return waitUntil('cap', nextDay);
    return waitUntil('window', opening);
  }
  // Nobody knows when health recovers (it does as the window's bad signals age out): no time is promised.
  if (pace.state === 'paused') return { ...base, resume_at: null, wait_reason: 'health' };
  if (sent_today >= daily_cap) return waitUntil('cap', nextDay);
  return free;
}

/** The figures without what only the engine needs. */
export function safetyView(verdict: SafetyVerdict): SafetyView {
  const { day: _day, warmupFrom: _from, stretch: _stretch, proven: _proven, ...view } = verdict;
  return view;
}
