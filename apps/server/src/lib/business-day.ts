/** The start of "today" in the business time zone (DESIGN §5.11), as an instant. */
export function startOfBusinessDay(timeZone: string, now = new Date()): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const wallClock = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = wallClock - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) - offset);
}

/**
 * The last `count` calendar days in the business time zone, today last, as `YYYY-MM-DD`: the days a daily
 * series answers, each present even when nothing happened on it.
 */
export function lastBusinessDays(timeZone: string, count: number, now = new Date()): string[] {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  // Calendar arithmetic on UTC dates: no clock change can make a day 23 or 25 hours long there.
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) - (count - 1 - index))).toISOString().slice(0, 10),
  );
}

/** One offset format per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the business time zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(timeZone: string, instant: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** The instant calendar day `day` (`YYYY-MM-DD`) begins in the business time zone. */
export function startOfBusinessDate(timeZone: string, day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, not at UTC midnight: a clock change between the two moves the answer.
  const guess = midnight - offsetAt(timeZone, midnight);
  return new Date(midnight - offsetAt(timeZone, guess));
}

/** The instant after the last of day `day`: the start of the next calendar day in the business time zone. */
export function endOfBusinessDate(timeZone: string, day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfBusinessDate(timeZone, next.toISOString().slice(0, 10));
}
