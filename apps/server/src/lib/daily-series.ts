/**
 * A figure per day over the last days in the business time zone (DESIGN §5.11), read in one grouped query:
 * the day a row falls on, the bound that keeps the query on the timestamp's index, and every day of the
 * window in the answer, those without a row at zero.
 */
import { type AnyColumn, gte, type SQL, sql } from 'drizzle-orm';
import { lastBusinessDays } from './business-day.ts';

export function dailyWindow(timeZone: string, count: number, now = new Date()) {
  const days = lastBusinessDays(timeZone, count, now);
  return {
    /** The business day of `column`, `YYYY-MM-DD`; group by its position (`sql\`1\``), as its parameters differ per use. */
    dayOf: (column: AnyColumn) => sql<string>`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
    /** From midnight of the window's first day in the business time zone on. */
    since: (column: AnyColumn): SQL => gte(column, sql`(${days[0]}::timestamp at time zone ${timeZone})`),
    /** One entry a day, oldest first, `empty` where no row names the day. */
    fill<T extends { day: string }>(rows: readonly T[], empty: Omit<T, 'day'>): T[] {
      const byDay = new Map(rows.map((row) => [row.day, row]));
      return days.map((day) => byDay.get(day) ?? ({ ...empty, day } as T));
    },
  };
}
