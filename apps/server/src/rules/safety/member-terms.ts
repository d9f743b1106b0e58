/**
 * The member's own terms for an account (issue 23 item 3): a lower daily cap and narrower sending hours, the
 * hours their phone is theirs. They only narrow: the cap that holds is the lower of the two, the hours those
 * in both the service's window and the member's.
 *
 * Two windows on a 24-hour clock may each cross midnight, so their common hours are none, one stretch, or two
 * (08:00–20:00 with 18:00–10:00 is 08:00–10:00 and 18:00–20:00). Rather than list the stretches, the hours
 * are kept as the windows themselves: open when all are open, and they open only where one window opens while
 * the others are open. A sending day begins at the one opening when there is one (22:00 for a member's
 * 22:00–06:00 within an all-day service, so that a night has one cap), and at the service's opening when the
 * hours come in two stretches: both then lie in one of the service's windows, so that a day's two stretches
 * share one cap.
 */
import { minutesOf, windowOpen } from './send-policy.ts';

export interface MemberTerms {
  member_daily_cap: number | null;
  member_window_start: string | null;
  member_window_end: string | null;
}

const DAY_MINUTES = 24 * 60;

interface Window {
  start: number;
  end: number;
}

/** The hours an account may send in: the service's window and the member's, as minutes after midnight. */
export interface SendingHours {
  /** Whether the hours are open `minutes` after midnight. */
  open(minutes: number): boolean;
  /** The minutes after midnight at which the hours open, earliest first: none when always or never open. */
  openings: number[];
  /** Never open: the member's hours and the service's have no minute in common. */
  never: boolean;
  /** Where a sending day begins, in minutes after midnight. */
  dayStart: number;
  /** The minutes after midnight at which one of the windows opens or closes: `open` changes only there. */
  edges: number[];
}

export function sendingHours(serviceStart: string, serviceEnd: string, terms: MemberTerms): SendingHours {
  const service = { start: minutesOf(serviceStart), end: minutesOf(serviceEnd) };
  const windows: Window[] = [service];
  if (terms.member_window_start !== null && terms.member_window_end !== null) {
    windows.push({ start: minutesOf(terms.member_window_start), end: minutesOf(terms.member_window_end) });
  }
  const open = (minutes: number) => windows.every((window) => windowOpen(minutes, window.start, window.end));
  const before = (minutes: number) => (minutes + DAY_MINUTES - 1) % DAY_MINUTES;
  const openings = [...new Set(windows.map((window) => window.start))]
    .filter((start) => open(start) && !open(before(start)))
    .sort((a, b) => a - b);
  const dayStart = openings.length === 1 ? (openings[0] as number) : service.start;
  // Hours with no opening are open all day or never.
  const edges = windows.flatMap((window) => [window.start, window.end]);
  return { open, openings, never: openings.length === 0 && !open(0), dayStart, edges };
}

/** How many minutes a day the hours are open (the income forecast's), counted a minute at a time. */
export function minutesOpen(hours: SendingHours): number {
  let minutes = 0;
  for (let minute = 0; minute < DAY_MINUTES; minute++) if (hours.open(minute)) minutes++;
  return minutes;
}

/** The cap that holds: the service's (its warm-up lowering it) or the member's, whichever is lower. */
export function termsCap(serviceCap: number, terms: MemberTerms): number {
  return terms.member_daily_cap === null ? serviceCap : Math.min(serviceCap, terms.member_daily_cap);
}
