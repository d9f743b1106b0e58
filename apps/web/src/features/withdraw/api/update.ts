/** PUT /admin/withdraw/update (spec part 2 §4, §7): Terima, Tolak or Batalkan one request. */
import type { TWithdrawAnswer, TWithdrawUpdate } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { WITHDRAW_KEY } from '../../../lib/query-keys.ts';

export function useUpdateWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWithdrawUpdate) =>
      api<TWithdrawAnswer>('/admin/withdraw/update', {
        method: 'PUT',
        body,
        fallback: WITHDRAW_TEXT.updateWithdrawFailed,
      }),
    // A refused decision (409) may mean another staff member decided first: the list is read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}
