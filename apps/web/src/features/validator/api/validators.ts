/** Validator calls (spec part 2 §7 Validator) and the query key they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import {
  type TValidatorAnswer,
  type TValidatorCreateAnswer,
  type TValidatorPage,
  type TValidatorResponse,
  VALIDATOR_TEXT,
} from '@sewablast/contract/validator';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiText } from '../../../lib/api.ts';
import { type JobPageFilter, jobPageSearch } from '../../jobs/job-page.ts';
import type { JobCalls } from '../../jobs/use-job-commands.ts';

const KEY = ['validators'] as const;

export function useValidators(filter: JobPageFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'page', filter],
    queryFn: () =>
      api<TValidatorPage>(`/admin/validator/list-per-page?${jobPageSearch(filter)}`, {
        fallback: VALIDATOR_TEXT.listFailed,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useValidator(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TValidatorResponse>(`/admin/validator/${id}`, { fallback: VALIDATOR_TEXT.fetchFailed }),
    enabled: id !== null,
  });
}

/** Create and update are multipart (spec part 2 §7): the file goes with a create only. */
export function useSaveValidator(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<TValidatorCreateAnswer | TValidatorAnswer>(
        id === null ? '/admin/validator/create' : `/admin/validator/${id}`,
        { method: id === null ? 'POST' : 'PUT', body: form },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteValidator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/validator/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const VALIDATOR_CALLS: JobCalls<TValidatorAnswer['validator']> = {
  start: async (id) => (await api<TValidatorAnswer>('/admin/validator/start', { body: { id } })).validator,
  stop: async (id) => (await api<TValidatorAnswer>('/admin/validator/stop', { body: { id } })).validator,
  results: (id) => apiText(`/admin/validator/download-result/${id}`, VALIDATOR_TEXT.fetchFailed),
  fileName: VALIDATOR_TEXT.downloadName,
};
