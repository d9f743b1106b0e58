/**
 * A user's money figures for the balance card (spec part 2 §3 Withdraw summary, §7): the balance and the
 * lines that add up to it, read in one call so that they come from one moment.
 */
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useCall } from '../../../lib/use-call.ts';

export function useWithdrawFigures(userId: number) {
  const summary = useCall(withdraw.summary, { params: { id: userId } });
  return { figures: summary.data, loading: summary.isPending };
}
