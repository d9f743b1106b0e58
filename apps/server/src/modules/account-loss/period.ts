/** The period the service-wide page reads: whole business days, the event log's 14 days when left out. */

import { endOfBusinessDate, lastBusinessDays, startOfBusinessDate } from '../../lib/business-day.ts';
import { ACCOUNT_EVENTS_KEEP_DAYS } from '../../rules/safety/account-events.ts';

const DAY = 24 * 60 * 60 * 1000;

function shift(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);
}

export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** An end left out is today (or `from`, when that is later); a start left out is 14 days before the end. */
export function periodOf(timeZone: string, query: { from?: string | undefined; to?: string | undefined }): Period {
  const today = lastBusinessDays(timeZone, 1)[0] ?? new Date().toISOString().slice(0, 10);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? shift(to, 1 - ACCOUNT_EVENTS_KEEP_DAYS);
  return { from, to, start: startOfBusinessDate(timeZone, from), end: endOfBusinessDate(timeZone, to) };
}
