/** Level calls (spec part 2 §7 Level): list, one, save, delete — with the query keys they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import type { TLevelPageResponse, TLevelRequest, TLevelResponse } from '@sewablast/contract/level';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEY = ['levels'] as const;

export function useLevels(page: number) {
  return useQuery({
    queryKey: [...KEY, 'page', page],
    queryFn: () =>
      api<TLevelPageResponse>(`/admin/level/list-per-page?page=${page}`, {
        fallback: 'Error fetching Level list',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLevel(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TLevelResponse>(`/admin/level/${id}`, { fallback: 'Error fetching Level' }),
    enabled: id !== null,
  });
}

export function useSaveLevel(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TLevelRequest) =>
      api<TLevelResponse>(id === null ? '/admin/level/create' : `/admin/level/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/level/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
