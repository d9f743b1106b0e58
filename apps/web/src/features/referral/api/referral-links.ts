/** Every referral of the service (GET /admin/users/referral-links-per-page), for admins and devs. */
import * as referral from '@sewablast/contract/referral-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export function useReferralLinks(page: number, search: string) {
  return useCall(referral.links, { query: { page, search } }, { placeholderData: keepPreviousData });
}
