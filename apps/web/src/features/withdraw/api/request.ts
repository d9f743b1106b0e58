/**
 * POST /admin/withdraw/request (spec part 2 §7). The caller passes an `Idempotency-Key`: the server answers a
 * repeated key as it did the first time, so a retried request takes the money once.
 */
import type { TWithdrawRequest } from '@sewablast/contract/withdraw';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea } from '../../../lib/use-call.ts';

export function useRequestWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TWithdrawRequest; key: string }) =>
      call(withdraw.request, { body, headers: { 'idempotency-key': key } }),
    onSettled: () => refreshArea(client, withdraw.area),
  });
}
