/**
 * The service-wide page's calls: the period's lost accounts, a page at a time
 * (GET /admin/account-loss/list-per-page), and their figures beside the kept ones' (GET /admin/account-loss/compare).
 */
import type { TAccountLossCompare, TAccountLossPage } from '@sewablast/contract/account-loss';
import { ACCOUNT_LOSS_TEXT } from '@sewablast/contract/account-loss-text';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface LossPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

function periodQuery({ from, to }: LossPeriod, page?: number) {
  const query = new URLSearchParams();
  if (page) query.set('page', String(page));
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query;
}

/** `enabled` false keeps a period the server would refuse from being sent. */
export function useLostAccounts(period: LossPeriod, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['account-loss', 'page', page, period.from, period.to],
    queryFn: () =>
      api<TAccountLossPage>(`/admin/account-loss/list-per-page?${periodQuery(period, page)}`, {
        fallback: ACCOUNT_LOSS_TEXT.listFailed,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useLossCompare(period: LossPeriod, enabled: boolean) {
  return useQuery({
    queryKey: ['account-loss', 'compare', period.from, period.to],
    queryFn: () =>
      api<TAccountLossCompare>(`/admin/account-loss/compare?${periodQuery(period)}`, {
        fallback: ACCOUNT_LOSS_TEXT.compareFailed,
      }),
    enabled,
  });
}
