/**
 * The times an account waits for, on the business time zone's clock (BUSINESS_TZ, which the settings answer
 * names), as the service means them: a member abroad and an admin read the same 08:00, and 'besok' is the
 * business calendar's tomorrow, never the viewer's. The zone is named ('WIB') where the viewer's own clock
 * reads the time otherwise. Without a zone (the settings not read yet) the viewer's clock stands in.
 */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import { wallClock } from '@sewablast/contract/wall-clock';

const DAY_MS = 86_400_000;

/** The zone's short name at `at` in Indonesian ('WIB', 'WITA', 'GMT+1'). */
function zoneName(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** `HH:MM` of `at` in the business time zone, its zone named when the viewer's clock reads it otherwise. */
export function businessTime(at: number, timeZone: string | undefined): string {
  const { date, time } = wallClock(at, timeZone);
  if (!timeZone) return time;
  const own = wallClock(at, undefined);
  // Unbroken, so that a narrow row does not leave the zone alone on a line.
  return own.date === date && own.time === time ? time : `${time}\u00a0${zoneName(at, timeZone)}`;
}

/** The business calendar's day of `at` seen from `now`: 'hari ini', 'besok', or its date ('29 Nov'). */
export function businessDay(at: number, now: number, timeZone: string | undefined): string {
  const days = Math.round(
    (Date.parse(wallClock(at, timeZone).date) - Date.parse(wallClock(now, timeZone).date)) / DAY_MS,
  );
  if (days <= 0) return SAFETY_TEXT.today;
  if (days === 1) return SAFETY_TEXT.tomorrow;
  return new Intl.DateTimeFormat('id-ID', { ...(timeZone ? { timeZone } : {}), day: 'numeric', month: 'short' }).format(
    at,
  );
}
