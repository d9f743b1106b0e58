/**
 * What the member's connected accounts may earn in a sending day (GET /admin/whatsapp/forecast/:userId): by
 * each account's cap today and open hours, the member's own terms narrowing them (issue 23 item 3).
 */
import * as counters from '@sewablast/contract/counters-calls';
import { useCall } from '../../../lib/use-call.ts';

/** Not under the counters' key: a send does not change what a day may bring, so a blast does not re-ask. */
export function useIncomeForecast(userId: number) {
  return useCall(counters.forecast, { params: { userId } }, { refetchOnMount: 'always' });
}
