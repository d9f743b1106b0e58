/** A lost account's timeline (GET /admin/account-loss/timeline/{id}), read when its dialog opens. */
import * as accountLoss from '@sewablast/contract/account-loss-calls';
import { useCall } from '../../../lib/use-call.ts';

export function useAccountTimeline(id: number, enabled: boolean) {
  return useCall(accountLoss.timeline, { params: { id } }, { enabled });
}
