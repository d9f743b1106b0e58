/**
 * The pause after a send under the safety rule (issue 23, DESIGN §8): an account's day is spread over its
 * sending hours instead of spent in a burst at its interval. Without this a warmed-up account sends its cap of
 * 200 in about an hour at 10–30 s, which is the rate the ban model (and the published pacing advice in
 * docs/decisions.md) counts against it. Pure, beside send-policy.ts: the blast loop and the week bench both
 * call it, so the bench measures the rule the engine runs.
 */
import { startOfBusinessDate } from '../../lib/business-day.ts';
import { type MemberTerms, type SendingHours, sendingHours } from './member-terms.ts';
import { type PolicyClock, type SafetySettings, type SafetyView, sendingDay } from './send-policy.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * How far a pause may be drawn either side of the even gap (a quarter): random, so that sends do not tick
 * like a clock, and even on average, so that the day neither bunches up early nor catches up late. At
 * 1 + SPREAD_JITTER even the day's last pause (the gap half the time left) ends inside the hours.
 */
export const SPREAD_JITTER = 0.25;

/** No terms of the member's own: the service's hours alone. */
const SERVICE_ONLY: MemberTerms = { member_daily_cap: null, member_window_start: null, member_window_end: null };

/**
 * The even gap, in whole seconds, after a send that left the account at `sent_today` of `daily_cap`: the
 * time its sending hours are still open this sending day (the service's, narrowed by the member's terms,
 * which may leave two stretches: member-terms.ts), shared out over the sends left and one gap more, so that
 * the sends fall evenly through the hours with the last a gap before the close rather than at it.
 * Recomputed after every send, so a day that fell behind (a restriction, a late start) catches up by shorter
 * gaps. 0 when the rule is off, the cap is reached, or the hours are over: the rule itself holds the account
 * then.
 */
export function spreadGap(
  view: Pick<SafetyView, 'daily_cap' | 'sent_today'>,
  settings: Pick<SafetySettings, 'send_window_start' | 'send_window_end'>,
  clock: PolicyClock,
  terms: MemberTerms = SERVICE_ONLY,
): number {
  const sendsLeft = view.daily_cap - view.sent_today;
  if (!clock.enforce || sendsLeft <= 0) return 0;
  const hours = sendingHours(settings.send_window_start, settings.send_window_end, terms);
  if (hours.never) return 0;
  const secondsLeft = openMsLeft(hours, clock) / 1000;
  if (secondsLeft <= 0) return 0;
  return Math.floor(secondsLeft / (sendsLeft + 1));
}

/**
 * How long the hours are still open from now to the end of the sending day (the business time zone's wall
 * clock, as send-policy.ts reads it), walked from one window edge to the next: between two, the hours are
 * open throughout or not at all.
 */
function openMsLeft(hours: SendingHours, clock: PolicyClock): number {
  const now = clock.now.getTime();
  const opened =
    startOfBusinessDate(clock.timeZone, sendingDay(clock.timeZone, clock.now, hours.dayStart)).getTime() +
    hours.dayStart * MINUTE;
  const ends = opened + DAY_MINUTES * MINUTE;
  const cuts = hours.edges
    .map((edge) => opened + ((edge - hours.dayStart + DAY_MINUTES) % DAY_MINUTES) * MINUTE)
    .filter((at) => at > now && at < ends)
    .sort((a, b) => a - b);
  let open = 0;
  let from = Math.max(now, opened);
  for (const to of [...cuts, ends]) {
    if (to > from && hours.open((hours.dayStart + Math.floor((from - opened) / MINUTE)) % DAY_MINUTES)) {
      open += to - from;
    }
    from = Math.max(from, to);
  }
  return open;
}

/**
 * The bounds the loop draws the pause from: the account's interval, raised around the even gap to
 * SPREAD_JITTER either side of it. The pause's floor is the larger of the interval's least and three
 * quarters of the gap; an interval already longer than the gap stays as it is.
 */
export function spreadInterval(interval: { min: number; max: number }, gap: number): { min: number; max: number } {
  return {
    min: Math.max(interval.min, Math.floor(gap * (1 - SPREAD_JITTER))),
    max: Math.max(interval.max, Math.floor(gap * (1 + SPREAD_JITTER))),
  };
}

/**
 * The figures with the blast's long pause, if it is in one (`spread_until`, kept on the row by the blast
 * loop): a wait of its own until then, so that the row reads as its live event did. A wait the rule itself
 * holds the account for says more and goes first; a pause that ended (a stopped or crashed loop) is none.
 */
export function withSpread(view: SafetyView, spreadUntil: Date | null, now: Date): SafetyView {
  if (view.wait_reason !== null || spreadUntil === null || spreadUntil <= now) return view;
  return { ...view, resume_at: spreadUntil.toISOString(), wait_reason: 'spread' };
}
