/** How the phone number page follows live events (spec part 2 §4): counts, last sent and the in-use flag. */
import type { TLiveMessage } from '@sewablast/contract/live';
import { isJobEvent } from '@sewablast/contract/live-channel';
import type { TPhoneNumber } from '@sewablast/contract/phonenumber';

export interface LiveNumber extends TPhoneNumber {
  /** When each count last changed, for its own 1 s highlight. */
  successAt: number | null;
  failAt: number | null;
}

export const toLiveNumber = (row: TPhoneNumber): LiveNumber => ({ ...row, successAt: null, failAt: null });

export function applyNumberEvent(row: LiveNumber, message: TLiveMessage, now: number): LiveNumber {
  // A generator's or validator's check of a number is no send to it.
  if (isJobEvent(message)) return row;
  switch (message.event) {
    case 'count_success':
      if (message.payload.number !== row.number) return row;
      return { ...row, count_success: row.count_success + 1, last_sent: message.payload.last_sent, successAt: now };
    case 'count_fail':
      // A failed send says no time of its own: it went out as it was heard.
      if (message.payload.number !== row.number) return row;
      return { ...row, count_fail: row.count_fail + 1, last_sent: new Date(now).toISOString(), failAt: now };
    case 'in_use':
      return message.payload.number === row.number ? { ...row, in_use: message.payload.in_use } : row;
    default:
      return row;
  }
}
