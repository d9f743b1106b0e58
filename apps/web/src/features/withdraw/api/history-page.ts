/** A page of withdrawals (spec part 2 §7 histories-per-page): a member's own, or everyone's for the back office. */
import * as withdraw from '@sewablast/contract/withdraw-calls';
import type { TWithdrawStatus } from '@sewablast/contract/withdraw-text';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export interface HistoryFilter {
  page: number;
  userId?: number;
  search?: string;
  status?: TWithdrawStatus;
}

export function useWithdrawPage({ page, userId, search, status }: HistoryFilter) {
  return useCall(
    withdraw.page,
    { query: { page, user_id: userId, search, status } },
    { placeholderData: keepPreviousData },
  );
}
