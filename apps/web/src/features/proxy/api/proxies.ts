/** Proxy calls (spec part 2 §7 Proxies) and the query keys they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import {
  PROXY_TEXT,
  type TProxyImportResponse,
  type TProxyListResponse,
  type TProxyPageResponse,
  type TProxyResponse,
  type TSkippedProxy,
  type TUpdateProxyRequest,
} from '@sewablast/contract/proxy';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchSkippedRows } from '../../../lib/import-report.ts';

const KEY = ['proxies'] as const;

export function useProxies(page: number, search: string) {
  return useQuery({
    queryKey: [...KEY, 'page', page, search],
    queryFn: () =>
      api<TProxyPageResponse>(
        `/admin/proxy/list-per-page?page=${page}&search=${encodeURIComponent(search)}&synced=${Date.now()}`,
        {
          fallback: 'Error fetching Proxy list',
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useProxy(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TProxyResponse>(`/admin/proxy/${id}`, { fallback: 'Error fetching Proxy' }),
    enabled: id !== null,
  });
}

export function fetchAllProxies() {
  return api<TProxyListResponse>('/admin/proxy/list', { fallback: 'Error fetching Proxy list' });
}

export function useSaveProxy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => api<TProxyResponse>('/admin/proxy/save', { body: { value } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateProxy(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProxyRequest) =>
      api<TProxyResponse>(`/admin/proxy/${id}`, { method: 'PUT', body: { id, ...body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useImportProxies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<TProxyImportResponse>('/admin/proxy/import', { body: form, fallback: 'Error importing File' });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Every proxy an import skipped: the answer's own when it holds them all, else its report, part by part. */
export function fetchSkippedProxies(
  answer: TProxyImportResponse,
  onProgress: (count: number) => void,
): Promise<TSkippedProxy[]> {
  return fetchSkippedRows(answer, '/admin/proxy/import', PROXY_TEXT.skippedUnavailable, onProgress);
}

export function useDeleteProxy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/proxy/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
