/** Every referral of the service (GET /admin/users/referral-links-per-page), for admins and devs. */
import { REFERRAL_TEXT, type TReferralsPage } from '@sewablast/contract/referral';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useReferralLinks(page: number, search: string) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return useQuery({
    queryKey: ['referral-links', page, search],
    queryFn: () =>
      api<TReferralsPage>(`/admin/users/referral-links-per-page?${query}`, { fallback: REFERRAL_TEXT.fetchFailed }),
    placeholderData: keepPreviousData,
  });
}
