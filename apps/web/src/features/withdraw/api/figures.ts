/**
 * A user's money figures for the balance card (spec part 2 §3 Withdraw summary, §7): the balance and the
 * lines that add up to it, read in one call so that they come from one moment.
 */
import type { TWithdrawSummary } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { WITHDRAW_KEY } from '../../../lib/query-keys.ts';

export function useWithdrawFigures(userId: number) {
  const summary = useQuery({
    queryKey: [...WITHDRAW_KEY, 'summary', userId],
    queryFn: () =>
      api<TWithdrawSummary>(`/admin/withdraw/summary/${userId}`, { fallback: WITHDRAW_TEXT.requestFailed }),
  });
  return { figures: summary.data, loading: summary.isPending };
}
