/**
 * The service-wide page's calls: the period's lost accounts, a page at a time
 * (GET /admin/account-loss/list-per-page), and their figures beside the kept ones' (GET /admin/account-loss/compare).
 */
import * as accountLoss from '@sewablast/contract/account-loss-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export interface LossPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

/** `enabled` false keeps a period the server would refuse from being sent. */
export function useLostAccounts({ from, to }: LossPeriod, page: number, enabled: boolean) {
  return useCall(accountLoss.page, { query: { page, from, to } }, { enabled, placeholderData: keepPreviousData });
}

export function useLossCompare({ from, to }: LossPeriod, enabled: boolean) {
  return useCall(accountLoss.compare, { query: { from, to } }, { enabled });
}
