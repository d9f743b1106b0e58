/**
 * A user's money figures for the balance card (spec part 2 §3 Withdraw summary, §7): balance, income, total
 * requested and total accepted, each read on its own.
 */
import type { TBalance } from '@sewablast/contract/counters';
import type { TWithdrawIncome, TWithdrawTotal } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { WITHDRAW_KEY } from '../../../lib/query-keys.ts';

export interface WithdrawFigures {
  balance?: number;
  income?: number;
  requested?: number;
  accepted?: number;
}

export function useWithdrawFigures(userId: number) {
  const read = <T>(path: string) =>
    api<T>(`/admin/withdraw/${path}/${userId}`, { fallback: WITHDRAW_TEXT.requestFailed });
  const [balance, income, requested, accepted] = useQueries({
    queries: [
      {
        queryKey: [...WITHDRAW_KEY, 'balance', userId],
        queryFn: async () => (await read<TBalance>('balance')).balance,
      },
      {
        queryKey: [...WITHDRAW_KEY, 'income', userId],
        queryFn: async () => (await read<TWithdrawIncome>('income')).income,
      },
      {
        queryKey: [...WITHDRAW_KEY, 'total-requested', userId],
        queryFn: async () => (await read<TWithdrawTotal>('total-requested')).total,
      },
      {
        queryKey: [...WITHDRAW_KEY, 'total-accepted', userId],
        queryFn: async () => (await read<TWithdrawTotal>('total-accepted')).total,
      },
    ],
  });
  const figures: WithdrawFigures = {
    balance: balance.data,
    income: income.data,
    requested: requested.data,
    accepted: accepted.data,
  };
  return { figures, loading: balance.isPending };
}
