/**
 * What the member's connected accounts may earn in a sending day (GET /admin/whatsapp/forecast/:userId): by
 * each account's cap today and open hours, the member's own terms narrowing them (issue 23 item 3).
 */
import type { TIncomeForecast } from '@sewablast/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useIncomeForecast(userId: number) {
  return useQuery({
    // Not under the counters' key: a send does not change what a day may bring, so a blast does not re-ask.
    queryKey: ['income-forecast', userId],
    queryFn: () => api<TIncomeForecast>(`/admin/whatsapp/forecast/${userId}`),
    refetchOnMount: 'always',
  });
}
