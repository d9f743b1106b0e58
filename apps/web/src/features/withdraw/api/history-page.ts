/** A page of withdrawals (spec part 2 §7 histories-per-page): a member's own, or everyone's for the back office. */
import type { TWithdrawPage } from '@sewablast/contract/withdraw';
import { type TWithdrawStatus, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { WITHDRAW_KEY } from '../../../lib/query-keys.ts';

export interface HistoryFilter {
  page: number;
  userId?: number;
  search?: string;
  status?: TWithdrawStatus;
}

export function useWithdrawPage({ page, userId, search, status }: HistoryFilter) {
  const query = new URLSearchParams({ page: String(page) });
  if (userId !== undefined) query.set('user_id', String(userId));
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...WITHDRAW_KEY, 'page', page, userId, search, status],
    queryFn: () =>
      api<TWithdrawPage>(`/admin/withdraw/histories-per-page?${query}`, { fallback: WITHDRAW_TEXT.requestFailed }),
    placeholderData: keepPreviousData,
  });
}
