/** The admin dashboard's two daily series (blasts, money paid out), read when the dashboard opens. */
import { DAILY_DEFAULT_DAYS } from '@sewablast/contract/dashboard-text';
import * as messagelog from '@sewablast/contract/messagelog-calls';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const CHART_DAYS = DAILY_DEFAULT_DAYS;

export function useBlastDaily() {
  return useQuery({
    queryKey: ['dashboard-daily', 'blasts', CHART_DAYS],
    queryFn: async () => (await call(messagelog.daily, { query: { days: CHART_DAYS } })).list,
    refetchOnMount: 'always',
  });
}

export function usePaidDaily() {
  return useQuery({
    queryKey: ['dashboard-daily', 'paid', CHART_DAYS],
    queryFn: async () => (await call(withdraw.paidDaily, { query: { days: CHART_DAYS } })).list,
    refetchOnMount: 'always',
  });
}
