/**
 * Bonus calls (spec part 2 §7 Bonus): the page, a member's total, give and delete — with the query keys they
 * share. Giving or deleting a bonus moves money, so the withdraw figures are read again too.
 */
import { BONUS_TEXT, type TBonusAnswer, type TBonusCreate, type TBonusPage } from '@sewablast/contract/bonus';
import type { TTotalBonus } from '@sewablast/contract/counters';
import type { TMsgResponse } from '@sewablast/contract/errors';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api.ts';
import { refreshArea } from '../../../lib/use-call.ts';

const KEY = ['bonuses'] as const;

const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: KEY }),
    refreshArea(client, withdraw.area),
    client.invalidateQueries({ queryKey: ['members'] }),
  ]);

export function useBonuses(page: number) {
  return useQuery({
    queryKey: [...KEY, 'page', page],
    queryFn: () => api<TBonusPage>(`/admin/bonus/list-per-page?page=${page}`, { fallback: BONUS_TEXT.fetchFailed }),
    placeholderData: keepPreviousData,
  });
}

/** 'Bonus : {amount}' of a member; null skips the call (admins and devs have no total of their own). */
export function useBonusTotal(userId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'total', userId],
    queryFn: () => api<TTotalBonus>(`/admin/bonus/total/${userId}`),
    enabled: userId !== null,
  });
}

/** `key` is the form's `Idempotency-Key`: a retried create gives the bonus once. */
export function useCreateBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TBonusCreate; key: string }) =>
      api<TBonusAnswer>('/admin/bonus/create', { method: 'POST', body, headers: { 'idempotency-key': key } }),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/bonus/${id}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      toast.success(answer.msg);
      return refresh(client);
    },
  });
}
