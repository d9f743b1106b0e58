/** A member's referees (spec part 2 §7 referral-per-page): only a member fetches it (spec part 2 §6). */
import { REFERRAL_TEXT, type TReferralPage } from '@sewablast/contract/referral';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useReferrals(page: number, userId: number) {
  return useQuery({
    queryKey: ['referrals', userId, page],
    queryFn: () =>
      api<TReferralPage>(`/admin/users/referral-per-page?page=${page}&userId=${userId}`, {
        fallback: REFERRAL_TEXT.fetchFailed,
      }),
    placeholderData: keepPreviousData,
  });
}
