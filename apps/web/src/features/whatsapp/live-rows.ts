/**
 * How live events change an account row on the list (spec part 1 §4 Blast status). Pure, so that each
 * rule is tested without a browser.
 */
import type { TAccountLiveMessage, TLiveMessage, TSafetyFigures } from '@sewablast/contract/live';
import { isJobEvent } from '@sewablast/contract/live-channel';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { secondsLeft, type Wait } from '../../lib/live.ts';

export interface LiveRow extends TWhatsapp {
  waiting: Wait | null;
  attempting: string | null;
  progressing: boolean;
  requesting: boolean;
  /** When each count last changed, for its own 1 s highlight. */
  successAt: number | null;
  failAt: number | null;
  deliveredAt: number | null;
  error: string | null;
}

export const toLiveRow = (account: TWhatsapp): LiveRow => ({
  ...account,
  waiting: null,
  attempting: null,
  progressing: false,
  requesting: false,
  successAt: null,
  failAt: null,
  deliveredAt: null,
  error: null,
});

const IDLE = {
  status: 'idle' as const,
  blasting: false,
  waiting: null,
  attempting: null,
  progressing: false,
  requesting: false,
  resume_at: null,
  wait_reason: null,
};

/** The account safety figures an event of the blast carries (its counts and waits, its health), if any. */
function figuresOf(message: TAccountLiveMessage): Partial<TSafetyFigures> {
  switch (message.event) {
    case 'waiting':
    case 'attempting':
    case 'reconnecting':
    case 'progressing':
    case 'count_success':
    case 'count_fail':
    case 'health':
      return message.payload;
    default:
      return {};
  }
}

/** The figures an event carries over the row's. */
function withSafety(row: LiveRow, figures: Partial<TSafetyFigures>): LiveRow {
  const {
    daily_cap = row.daily_cap,
    cap_grown = row.cap_grown,
    sent_today = row.sent_today,
    warmup_day = row.warmup_day,
    warmup_days = row.warmup_days,
    resume_at = row.resume_at,
    wait_reason = row.wait_reason,
    health = row.health,
    health_trend = row.health_trend,
    health_pause_below = row.health_pause_below,
    health_slowed = row.health_slowed,
  } = figures;
  return {
    ...row,
    daily_cap,
    cap_grown,
    sent_today,
    warmup_day,
    warmup_days,
    resume_at,
    wait_reason,
    health,
    health_trend,
    health_pause_below,
    health_slowed,
  };
}

export function applyLiveEvent(row: LiveRow, message: TLiveMessage, now: number): LiveRow {
  // A generator or validator on the account reports its own run: the row shows the account's blast. An
  // import's progress is no account's.
  if (isJobEvent(message) || message.event === 'import_progress') return row;
  const figures = figuresOf(message);
  const next = applyEvent(withSafety(row, figures), message, now);
  // Hours that never open are the account's, not its blast's: a stopped blast still never sends, until an
  // event of the blast says otherwise.
  const kept = row.wait_reason === 'no_hours' && figures.wait_reason === undefined && next.wait_reason === null;
  return kept ? { ...next, wait_reason: 'no_hours' } : next;
}

function applyEvent(row: LiveRow, message: TAccountLiveMessage, now: number): LiveRow {
  switch (message.event) {
    case 'start':
      return { ...row, status: 'sending', blasting: true, requesting: false, error: null };
    case 'sending':
      return { ...row, status: 'sending', progressing: true, waiting: null, attempting: null };
    case 'progressing':
      return { ...row, progressing: true, waiting: null };
    case 'waiting': {
      const { waitTime, limited_until } = message.payload;
      return {
        ...row,
        progressing: false,
        waiting: { seconds: waitTime, since: now },
        // A wait for a restriction says until when; the row shows it while that time is ahead.
        ...(limited_until ? { limited_until } : {}),
      };
    }
    case 'count_success':
      return {
        ...row,
        count_success: message.payload.count_success,
        income: message.payload.income,
        successAt: now,
        attempting: null,
      };
    case 'count_fail':
      return { ...row, count_fail: message.payload.count_fail, failAt: now, attempting: null };
    case 'count_delivered':
      return { ...row, count_delivered: message.payload.count_delivered, deliveredAt: now };
    case 'count_synced': {
      const { count_success, count_fail, count_delivered } = message.payload;
      return { ...row, count_success, count_fail, count_delivered };
    }
    case 'profile':
      return { ...row, pushname: message.payload.pushname };
    case 'attempting':
      return { ...row, attempting: message.payload.code };
    case 'reconnecting':
      return { ...row, state: 'reconnecting' };
    case 'error_blast':
      return { ...row, ...IDLE, error: message.payload.sendError || 'Blast error' };
    case 'idle':
    case 'stop':
    case 'finished':
      return { ...row, ...IDLE };
    case 'reset':
      return {
        ...row,
        state: message.payload.state,
        count_success: 0,
        count_fail: 0,
        count_delivered: 0,
        income: 0,
      };
    case 'connection.update': {
      const { state } = message.payload;
      return state === 'conflict' ? { ...row, ...IDLE, state } : { ...row, state };
    }
    case 'suspended':
      return { ...row, ...IDLE, suspended: true, state: 'suspended', suspended_count: message.payload.suspended_count };
    default:
      return row;
  }
}

/** A blast runs, or was asked for: stop is offered, and reset or reconnect first warn. */
export const isBlasting = (row: LiveRow) => row.blasting || row.status === 'sending';

/** The status label of a row (spec part 1 §2 WhatsApp list). */
export function statusLabel(row: LiveRow, now: number): string {
  if (row.suspended) return `Suspended (${row.suspended_count}x)`;
  if (row.attempting !== null) return `Fail, attempting (${row.attempting})`;
  // A wait for the sending hours or the next day says why and until when below (account-safety.tsx), not in seconds.
  // So does a long pause between sends (`spread`): its next send time, not thousands of seconds.
  // A wait the row carries without its event (read after a reload mid-wait) is one too.
  if (row.waiting === null && isBlasting(row) && row.wait_reason !== null) return 'Waiting';
  if (row.waiting !== null) {
    return row.resume_at || row.wait_reason === 'no_hours' || row.wait_reason === 'health'
      ? 'Waiting'
      : `Waiting (${secondsLeft(row.waiting, now)} s)`;
  }
  if (row.status === 'sending') return 'Sending';
  return row.state;
}
