/**
 * How live events change an account row on the list (spec part 1 §4 Blast status). Pure, so that each
 * rule is tested without a browser.
 */
import type { TLiveMessage } from '@sewablast/contract/live';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';

export interface LiveRow extends TWhatsapp {
  waitUntil: number | null;
  attempting: string | null;
  progressing: boolean;
  requesting: boolean;
  /** When the counts last changed, for the 1 s highlight. */
  flashAt: number | null;
  error: string | null;
}

export const toLiveRow = (account: TWhatsapp): LiveRow => ({
  ...account,
  waitUntil: null,
  attempting: null,
  progressing: false,
  requesting: false,
  flashAt: null,
  error: null,
});

const IDLE = {
  status: 'idle' as const,
  blasting: false,
  waitUntil: null,
  attempting: null,
  progressing: false,
  requesting: false,
};

export function applyLiveEvent(row: LiveRow, message: TLiveMessage, now: number): LiveRow {
  const { payload } = message;
  switch (message.event) {
    case 'start':
      return { ...row, status: 'sending', blasting: true, requesting: false, error: null };
    case 'sending':
      return { ...row, status: 'sending', progressing: true, waitUntil: null, attempting: null };
    case 'progressing':
      return { ...row, progressing: true, waitUntil: null };
    case 'waiting':
      return { ...row, progressing: false, waitUntil: now + (payload.waitTime ?? 0) * 1000 };
    case 'count_success':
      return {
        ...row,
        count_success: payload.count_success ?? row.count_success,
        income: payload.income ?? row.income,
        flashAt: now,
        attempting: null,
      };
    case 'count_fail':
      return { ...row, count_fail: payload.count_fail ?? row.count_fail, flashAt: now, attempting: null };
    case 'count_synced':
      return {
        ...row,
        count_success: payload.count_success ?? row.count_success,
        count_fail: payload.count_fail ?? row.count_fail,
      };
    case 'attempting':
      return { ...row, attempting: payload.code ?? '' };
    case 'reconnecting':
      return { ...row, state: 'reconnecting' };
    case 'error_blast':
      return { ...row, ...IDLE, error: payload.sendError || 'Blast error' };
    case 'idle':
    case 'stop':
    case 'finished':
      return { ...row, ...IDLE };
    case 'reset':
      return { ...row, state: payload.state ?? row.state, count_success: 0, count_fail: 0, income: 0 };
    case 'connection.update': {
      const state = payload.state ?? row.state;
      return state === 'conflict' ? { ...row, ...IDLE, state } : { ...row, state };
    }
    case 'suspended': {
      const next = {
        ...row,
        ...IDLE,
        suspended: true,
        state: 'suspended',
        suspended_count: payload.suspended_count ?? row.suspended_count + 1,
      };
      return (payload.suspended_count ?? 0) > 2
        ? { ...next, count_success: payload.count_success ?? row.count_success, income: payload.income ?? row.income }
        : next;
    }
    default:
      return row;
  }
}

/** The status label of a row (spec part 1 §2 WhatsApp list). */
export function statusLabel(row: LiveRow, now: number): string {
  if (row.suspended) return `Suspended (${row.suspended_count}x)`;
  if (row.attempting !== null) return `Fail, attempting (${row.attempting})`;
  if (row.waitUntil !== null && row.waitUntil > now) return `Waiting (${Math.ceil((row.waitUntil - now) / 1000)} s)`;
  if (row.status === 'sending') return 'Sending';
  return row.state;
}

/** States from which a blast may not start (spec part 1 §5). */
export function cannotStart(state: string | null | undefined): boolean {
  return !state || ['disconnected', 'unknown', 'loggedOut', 'conflict'].includes(state);
}
