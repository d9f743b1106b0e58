/** Generator calls (spec part 2 §7 Generator) and the query key they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import {
  GENERATOR_TEXT,
  type TGeneratorAnswer,
  type TGeneratorCreateRequest,
  type TGeneratorPage,
  type TGeneratorResponse,
  type TGeneratorUpdateRequest,
} from '@sewablast/contract/generator';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiText } from '../../../lib/api.ts';
import { type JobPageFilter, jobPageSearch } from '../../jobs/job-page.ts';
import type { JobCalls } from '../../jobs/use-job-commands.ts';

const KEY = ['generators'] as const;

export function useGenerators(filter: JobPageFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'page', filter],
    queryFn: () =>
      api<TGeneratorPage>(`/admin/generator/list-per-page?${jobPageSearch(filter)}`, {
        fallback: GENERATOR_TEXT.listFailed,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGenerator(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TGeneratorResponse>(`/admin/generator/${id}`, { fallback: GENERATOR_TEXT.fetchFailed }),
    enabled: id !== null,
  });
}

export function useSaveGenerator(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGeneratorCreateRequest | TGeneratorUpdateRequest) =>
      api<TGeneratorAnswer>(id === null ? '/admin/generator/create' : `/admin/generator/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteGenerator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/generator/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const GENERATOR_CALLS: JobCalls<TGeneratorAnswer['generator']> = {
  start: async (id) => (await api<TGeneratorAnswer>('/admin/generator/start', { body: { id } })).generator,
  stop: async (id) => (await api<TGeneratorAnswer>('/admin/generator/stop', { body: { id } })).generator,
  results: (id) => apiText(`/admin/generator/download-result/${id}`, GENERATOR_TEXT.fetchFailed),
  fileName: GENERATOR_TEXT.downloadName,
};
