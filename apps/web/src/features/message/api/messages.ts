/** Template calls (spec part 2 §7 Message templates) and the query keys they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import type {
  TMessageImportResponse,
  TMessageListResponse,
  TMessagePageResponse,
  TMessageResponse,
} from '@sewablast/contract/message';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const KEY = ['messages'] as const;

export function useMessages(page: number) {
  return useQuery({
    queryKey: [...KEY, 'page', page],
    queryFn: () => api<TMessagePageResponse>(`/admin/message/list-per-page?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useMessage(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TMessageResponse>(`/admin/message/${id}`),
    enabled: id !== null,
  });
}

/** Every template, for the JSON export. */
export function fetchAllMessages() {
  return api<TMessageListResponse>('/admin/message/list');
}

export function useSaveMessage(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<TMessageResponse>(id === null ? '/admin/message/create' : `/admin/message/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: form,
        fallback: id === null ? 'Error saving template message' : 'Error updating template message',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useImportMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<TMessageImportResponse>('/admin/message/import', { body: form, fallback: 'Error importing File' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/message/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
