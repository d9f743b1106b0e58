/** A member's referees (spec part 2 §7 referral-per-page): only a member fetches it (spec part 2 §6). */
import * as referral from '@sewablast/contract/referral-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export function useReferrals(page: number, userId: number) {
  return useCall(referral.page, { query: { page, userId } }, { placeholderData: keepPreviousData });
}
