/**
 * POST /admin/withdraw/request (spec part 2 §7). The caller passes an `Idempotency-Key`: the server answers a
 * repeated key as it did the first time, so a retried request takes the money once.
 */
import type { TWithdrawAnswer, TWithdrawRequest } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { WITHDRAW_KEY } from '../../../lib/query-keys.ts';

export function useRequestWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TWithdrawRequest; key: string }) =>
      api<TWithdrawAnswer>('/admin/withdraw/request', {
        body,
        headers: { 'idempotency-key': key },
        fallback: WITHDRAW_TEXT.requestWithdrawFailed,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: WITHDRAW_KEY }),
  });
}
