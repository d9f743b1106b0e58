/** The admin dashboard's two daily series (blasts, money paid out), read when the dashboard opens. */
import type { TBlastDaily } from '@sewablast/contract/dashboard';
import { DAILY_DEFAULT_DAYS } from '@sewablast/contract/dashboard-text';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api.ts';

export const CHART_DAYS = DAILY_DEFAULT_DAYS;

export function useBlastDaily() {
  return useQuery({
    queryKey: ['dashboard-daily', 'blasts', CHART_DAYS],
    queryFn: async () => (await api<TBlastDaily>(`/admin/messagelog/daily?days=${CHART_DAYS}`)).list,
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
