/** Proxy calls (spec part 2 §7 Proxies): list, one, save, import, delete. */
import type { TProxyImportResponse, TSkippedProxy, TUpdateProxyRequest } from '@sewablast/contract/proxy';
import * as proxy from '@sewablast/contract/proxy-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { readSkippedRows } from '../../../lib/import-report.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useProxies(page: number, search: string) {
  return useCall(proxy.page, { query: { page, search } }, { placeholderData: keepPreviousData });
}

export function useProxy(id: number | null) {
  return useCall(proxy.one, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

export function fetchAllProxies() {
  return call(proxy.list);
}

export function useSaveProxy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => call(proxy.save, { body: { value } }),
    onSuccess: () => refreshArea(client, proxy.area),
  });
}

export function useUpdateProxy(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProxyRequest) => call(proxy.update, { params: { id }, body: { id, ...body } }),
    onSuccess: () => refreshArea(client, proxy.area),
  });
}

export function useImportProxies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(proxy.importFile, { body: form });
    },
    onSuccess: () => refreshArea(client, proxy.area),
  });
}

/** Every proxy an import skipped: the answer's own when it holds them all, else its report, part by part. */
export function fetchSkippedProxies(
  answer: TProxyImportResponse,
  onProgress: (count: number) => void,
): Promise<TSkippedProxy[]> {
  return readSkippedRows(answer, (id, part) => call(proxy.skipped, { params: { id }, query: { part } }), onProgress);
}

export function useDeleteProxy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(proxy.remove, { params: { id } }),
    onSuccess: () => refreshArea(client, proxy.area),
  });
}
