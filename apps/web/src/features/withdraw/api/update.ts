/** PUT /admin/withdraw/update (spec part 2 §4, §7): Terima, Tolak or Batalkan one request. */
import type { TWithdrawUpdate } from '@sewablast/contract/withdraw';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea } from '../../../lib/use-call.ts';

export function useUpdateWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawUpdate) => call(withdraw.update, { body }),
    // A refused decision (409) may mean another staff member decided first: the list is read again either way.
    onSettled: () => refreshArea(client, withdraw.area),
  });
}
