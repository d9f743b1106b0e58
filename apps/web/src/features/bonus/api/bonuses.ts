/**
 * Bonus calls (spec part 2 §7 Bonus): the page, a member's total, give and delete. Giving or deleting a
 * bonus moves money, so the withdraw figures and the member list are read again too.
 */

import type { TBonusCreate } from '@sewablast/contract/bonus';
import * as bonus from '@sewablast/contract/bonus-calls';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

const refresh = (client: QueryClient) =>
  Promise.all([
    refreshArea(client, bonus.area),
    refreshArea(client, withdraw.area),
    // Loaded when a bonus is given or deleted, not with the member's dashboard that reads the total.
    import('@sewablast/contract/members-calls').then((members) => refreshArea(client, members.area)),
  ]);

export function useBonuses(page: number) {
  return useCall(bonus.page, { query: { page } }, { placeholderData: keepPreviousData });
}

/** 'Bonus : {amount}' of a member; null skips the call (admins and devs have no total of their own). */
export function useBonusTotal(userId: number | null) {
  return useCall(bonus.total, { params: { id: userId ?? 0 } }, { enabled: userId !== null });
}

/** `key` is the form's `Idempotency-Key`: a retried create gives the bonus once. */
export function useCreateBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TBonusCreate; key: string }) =>
      call(bonus.create, { body, headers: { 'idempotency-key': key } }),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(bonus.remove, { params: { id } }),
    onSuccess: (answer) => {
      toast.success(answer.msg);
      return refresh(client);
    },
  });
}
