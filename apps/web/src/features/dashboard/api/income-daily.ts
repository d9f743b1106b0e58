/** A member's income per day over the chart's window (GET /admin/messagelog/income-daily/:id). */
import * as messagelog from '@sewablast/contract/messagelog-calls';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { CHART_DAYS } from './daily.ts';

export function useIncomeDaily(userId: number) {
  return useQuery({
    queryKey: ['member-counters', userId, 'income-daily', CHART_DAYS],
    queryFn: async () =>
      (await call(messagelog.incomeDaily, { params: { id: userId }, query: { days: CHART_DAYS } })).list,
    refetchOnMount: 'always',
  });
}
