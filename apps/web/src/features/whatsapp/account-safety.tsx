/**
 * An account's safety figures on its Daftar Whatsapp row (DESIGN §8): its health and which way it went, its
 * warm-up day, what it sent of today's cap, the owner's own terms, and why and until when its blast waits (a
 * pause for health names no time: it ends when the health recovers; or that it never sends, when the owner's
 * hours and the service's never meet; a long pause between sends too, so that it does not read as a fault).
 * Times are the business time zone's (business-clock.ts), from the row's `resume_at`: a reload reads the same.
 */
import { SAFETY_TEXT, TERMS_TEXT } from '@sewablast/contract/safety';
import { businessDay, businessTime } from './business-clock.ts';
import type { LiveRow } from './live-rows.ts';

/** The viewer's now and the business time zone (undefined until the settings are read). */
export interface RowClock {
  now: number;
  timeZone: string | undefined;
}

export function waitText(
  row: Pick<LiveRow, 'resume_at' | 'wait_reason' | 'health' | 'health_pause_below'>,
  clock: RowClock,
): string | null {
  if (row.wait_reason === 'no_hours') return SAFETY_TEXT.noHours;
  if (row.wait_reason === 'health') return SAFETY_TEXT.waitHealth(row.health, row.health_pause_below);
  if (!row.resume_at) return null;
  const at = Date.parse(row.resume_at);
  const time = businessTime(at, clock.timeZone);
  if (row.wait_reason === 'spread') return SAFETY_TEXT.waitSpread(time);
  if (row.wait_reason === 'window') return SAFETY_TEXT.waitWindow(time);
  if (row.wait_reason === 'cap') return SAFETY_TEXT.waitCap(businessDay(at, clock.now, clock.timeZone), time);
  return null;
}

const TREND = {
  up: { mark: '↑', text: SAFETY_TEXT.healthUp, tone: 'text-emerald-700 dark:text-emerald-400' },
  down: { mark: '↓', text: SAFETY_TEXT.healthDown, tone: 'text-amber-700 dark:text-amber-400' },
} as const;

function Health({ row }: { row: LiveRow }) {
  const trend = row.health_trend === 'steady' ? null : TREND[row.health_trend];
  const tone = row.health < row.health_pause_below ? 'text-red-700 dark:text-red-400' : '';
  return (
    <span data-testid={`health-${row.clientid}`} className={`block ${tone}`}>
      <span className="whitespace-nowrap">{SAFETY_TEXT.health(row.health)}</span>
      {trend && ' '}
      {trend && <span className={`whitespace-nowrap ${trend.tone}`}>{`${trend.mark} ${trend.text}`}</span>}
    </span>
  );
}

/** The owner's own terms in force, if any; `own`: the viewer is the owner. */
export function termsText(
  row: Pick<LiveRow, 'member_daily_cap' | 'member_window_start' | 'member_window_end'>,
  own: boolean,
): string | null {
  if (row.member_daily_cap === null && row.member_window_start === null) return null;
  return TERMS_TEXT.summary(own, row.member_daily_cap, row.member_window_start, row.member_window_end);
}

export function AccountSafety({ row, own, clock }: { row: LiveRow; own: boolean; clock: RowClock }) {
  const waiting = waitText(row, clock);
  const terms = termsText(row, own);
  return (
    <span
      data-testid={`safety-${row.clientid}`}
      className="block basis-full text-xs text-slate-600 dark:text-slate-400"
    >
      <Health row={row} />
      {row.warmup_day !== null && (
        <span className="block text-sky-700 dark:text-sky-400">
          {SAFETY_TEXT.warmupDay(row.warmup_day, row.warmup_days)}
        </span>
      )}
      <span className="block whitespace-nowrap">{SAFETY_TEXT.sentToday(row.sent_today, row.daily_cap)}</span>
      {row.cap_grown && (
        <span data-testid={`cap-grown-${row.clientid}`} className="block text-emerald-700 dark:text-emerald-400">
          {SAFETY_TEXT.capGrown(row.daily_cap)}
        </span>
      )}
      {row.health_slowed && (
        <span className="block text-amber-700 dark:text-amber-400">{SAFETY_TEXT.healthSlowed}</span>
      )}
      {terms && (
        <span data-testid={`terms-${row.clientid}`} className="block">
          {terms}
        </span>
      )}
      {waiting && (
        // A pause between sends is the plan, not a hold-up: it reads as the row's other figures do.
        <span className={row.wait_reason === 'spread' ? 'block' : 'block text-amber-700 dark:text-amber-400'}>
          {waiting}
        </span>
      )}
    </span>
  );
}
