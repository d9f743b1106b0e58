/**
 * The back-office users (GET /admin/users/back-office-per-page) and the reset of one's second factor
 * (POST /admin/users/{id}/two-factor/reset), with the key they share.
 */
import type { TMsgResponse } from '@sewablast/contract/errors';
import { type TBackOfficeUserPage, TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEY = ['back-office-users'] as const;

export function useBackOfficeUsers({ page, search }: { page: number; search: string }) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return useQuery({
    queryKey: [...KEY, page, search],
    queryFn: () =>
      api<TBackOfficeUserPage>(`/admin/users/back-office-per-page?${query}`, {
        fallback: TWO_FACTOR_TEXT.staffFetchFailed,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The admin's reset; the lists showing the user's second factor are read again after it. */
export function useResetTwoFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<TMsgResponse>(`/admin/users/${userId}/two-factor/reset`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
