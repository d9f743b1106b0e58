/**
 * The wall clock of a time zone at an instant: the engine's sending hours and business days (server) and the
 * times an account row waits for (web) read it the same way. Zod-free; one format per zone, since making an
 * Intl.DateTimeFormat costs far more than using one and the engine asks every round.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export interface WallClock {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, 00:00–23:59 */
  time: string;
  /** Minutes after midnight. */
  minutes: number;
}

/** The date and time of `instant` on the wall clock of `timeZone` (the runtime's own when undefined). */
export function wallClock(instant: number, timeZone: string | undefined): WallClock {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
