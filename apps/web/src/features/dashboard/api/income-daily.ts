/** A member's income per day over the chart's window (GET /admin/messagelog/income-daily/:id). */
import type { TIncomeDaily } from '@sewablast/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHART_DAYS } from './daily.ts';

export function useIncomeDaily(userId: number) {
  return useQuery({
    queryKey: ['member-counters', userId, 'income-daily', CHART_DAYS],
    queryFn: async () => (await api<TIncomeDaily>(`/admin/messagelog/income-daily/${userId}?days=${CHART_DAYS}`)).list,
    refetchOnMount: 'always',
  });
}
