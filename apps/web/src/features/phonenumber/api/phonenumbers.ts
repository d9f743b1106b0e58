/** Phone number calls (spec part 2 §7 Phone numbers) and the query keys they share. */
import type { TMsgResponse } from '@sewablast/contract/errors';
import { IMPORT_ID_HEADER } from '@sewablast/contract/imports';
import {
  PHONE_TEXT,
  type TPhoneAllResponse,
  type TPhoneImportResponse,
  type TPhoneNumber,
  type TPhoneNumberResponse,
  type TPhonePageResponse,
  type TSavePhoneNumberRequest,
  type TSkippedNumber,
  type TUpdatePhoneNumberRequest,
} from '@sewablast/contract/phonenumber';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchSkippedRows } from '../../../lib/import-report.ts';
import { apiUpload } from '../../../lib/upload.ts';

const KEY = ['phonenumbers'] as const;

export function usePhoneNumbers(page: number, search: string) {
  return useQuery({
    queryKey: [...KEY, 'page', page, search],
    queryFn: () =>
      api<TPhonePageResponse>(
        `/admin/phonenumber/list-per-page?page=${page}&search=${encodeURIComponent(search)}&synced=${Date.now()}`,
        { fallback: 'Error fetching Phone Number list' },
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePhoneNumber(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TPhoneNumberResponse>(`/admin/phonenumber/${id}`, { fallback: 'Error fetching Phone Number' }),
    enabled: id !== null,
  });
}

/** Every number, for the exports: the list endpoint is walked 10,000 at a time. */
export async function fetchAllPhoneNumbers(onProgress: (count: number) => void): Promise<TPhoneNumber[]> {
  const all: TPhoneNumber[] = [];
  for (;;) {
    const after = all.at(-1)?.id ?? 0;
    const { list } = await api<TPhoneAllResponse>(`/admin/phonenumber/list?after=${after}`, {
      fallback: 'Error fetching Phone Number list',
    });
    all.push(...list);
    onProgress(all.length);
    if (list.length === 0) return all;
  }
}

export function useSavePhoneNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavePhoneNumberRequest) => api<TPhoneNumberResponse>('/admin/phonenumber/save', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdatePhoneNumber(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePhoneNumberRequest) =>
      api<TPhoneNumberResponse>(`/admin/phonenumber/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** An import's file, the id its live progress carries, and who hears how much of it has been sent. */
export interface PhoneImport {
  file: File;
  importId: string;
  onSent: (sent: number, total: number) => void;
}

export function useImportPhoneNumbers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, importId, onSent }: PhoneImport) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload<TPhoneImportResponse>('/admin/phonenumber/import', form, {
        fallback: 'Error importing CSV',
        headers: { [IMPORT_ID_HEADER]: importId },
        onProgress: onSent,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Every number an import skipped: the answer's own when it holds them all, else its report, part by part. */
export function fetchSkippedNumbers(
  answer: TPhoneImportResponse,
  onProgress: (count: number) => void,
): Promise<TSkippedNumber[]> {
  return fetchSkippedRows(answer, '/admin/phonenumber/import', PHONE_TEXT.skippedUnavailable, onProgress);
}

export function useDeletePhoneNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMsgResponse>(`/admin/phonenumber/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
