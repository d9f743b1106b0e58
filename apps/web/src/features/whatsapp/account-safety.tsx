/**
 * An account's safety figures on its Daftar Whatsapp row (DESIGN §8): its health and which way it went, its
 * warm-up day, what it sent of today's cap, and why and until when its blast waits (a pause for health names
 * no time: it ends when the health recovers). The time is the dashboard's clock, as every time the list shows.
 */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import type { LiveRow } from './live-rows.ts';

/** `HH:MM` of an ISO time, on the dashboard's clock. */
function clockTime(iso: string): string {
  const time = new Date(iso);
  return `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
}

export function waitText(
  row: Pick<LiveRow, 'resume_at' | 'wait_reason' | 'health' | 'health_pause_below'>,
): string | null {
  if (row.wait_reason === 'health') return SAFETY_TEXT.waitHealth(row.health, row.health_pause_below);
  if (!row.resume_at) return null;
  if (row.wait_reason === 'window') return SAFETY_TEXT.waitWindow(clockTime(row.resume_at));
  if (row.wait_reason === 'cap') return SAFETY_TEXT.waitCap(clockTime(row.resume_at));
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

export function AccountSafety({ row }: { row: LiveRow }) {
  const waiting = waitText(row);
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
      {row.health_slowed && (
        <span className="block text-amber-700 dark:text-amber-400">{SAFETY_TEXT.healthSlowed}</span>
      )}
      {waiting && <span className="block text-amber-700 dark:text-amber-400">{waiting}</span>}
    </span>
  );
}
