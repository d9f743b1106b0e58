/**
 * The realtime monitor's lines (spec part 2 §2): only the events whose device id or sender id is the `id`
 * asked for; each line's date, event, state, status, reconnect count ('times'), wait time ('seconds') and
 * number; `connection.update` lines yellow and `authenticated` lines green; the last MAX_LINES kept.
 */
import type { TLiveMessage } from '@sewablast/contract/live';
import { formatDateTimeSeconds } from '../../lib/format.ts';

/** Enough to see a session's recent history; a busy account would otherwise grow the page without end. */
export const MAX_LINES = 500;

export interface RealtimeLine {
  key: number;
  date: string;
  event: string;
  state: string;
  status: string;
  times: string;
  seconds: string;
  number: string;
  tone: 'connection' | 'authenticated' | null;
}

export function isFor(message: TLiveMessage, id: string): boolean {
  const { payload } = message;
  return id !== '' && (payload.deviceId === id || ('sender' in payload && String(payload.sender.id) === id));
}

const shown = (value: string | number | null | undefined) =>
  value === undefined || value === null ? '-' : String(value);

/**
 * A line shows every kind in the same columns: each column is the field of that name where the event's kind
 * carries it, else the account's (its `sender`) for state and status.
 */
export function lineOf(message: TLiveMessage, key: number): RealtimeLine {
  const { event, payload } = message;
  const sender = 'sender' in payload ? payload.sender : undefined;
  return {
    key,
    date: formatDateTimeSeconds(payload.date),
    event,
    state: shown('state' in payload ? payload.state : sender?.state),
    status: shown('status' in payload ? payload.status : sender?.status),
    times: shown('reconnectTime' in payload ? payload.reconnectTime : undefined),
    seconds: shown('waitTime' in payload ? payload.waitTime : undefined),
    number: shown('number' in payload ? payload.number : 'phonenumber' in payload ? payload.phonenumber : undefined),
    tone: event === 'connection.update' ? 'connection' : event === 'authenticated' ? 'authenticated' : null,
  };
}

/** The lines with `line` appended, the oldest dropped beyond MAX_LINES. */
export function appendLine(lines: readonly RealtimeLine[], line: RealtimeLine): RealtimeLine[] {
  const next = [...lines, line];
  return next.length > MAX_LINES ? next.slice(next.length - MAX_LINES) : next;
}
