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
  if (message.payload.number !== row.number || isJobEvent(message.payload)) return row;
  const lastSent = message.payload.last_sent ?? new Date(now).toISOString();
  if (message.event === 'count_success')
    return { ...row, count_success: row.count_success + 1, last_sent: lastSent, successAt: now };
  if (message.event === 'count_fail')
    return { ...row, count_fail: row.count_fail + 1, last_sent: lastSent, failAt: now };
  if (message.event === 'in_use') return { ...row, in_use: message.payload.in_use === 1 ? 1 : 0 };
  return row;
}
