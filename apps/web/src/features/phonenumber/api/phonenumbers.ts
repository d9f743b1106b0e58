/** Phone number calls (spec part 2 §7 Phone numbers): list, one, save, import, delete. */
import { IMPORT_ID_HEADER } from '@sewablast/contract/imports';
import type {
  TPhoneImportResponse,
  TPhoneNumber,
  TSavePhoneNumberRequest,
  TSkippedNumber,
  TUpdatePhoneNumberRequest,
} from '@sewablast/contract/phonenumber';
import * as phonenumber from '@sewablast/contract/phonenumber-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { readSkippedRows } from '../../../lib/import-report.ts';
import { upload } from '../../../lib/upload.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function usePhoneNumbers(page: number, search: string) {
  return useCall(phonenumber.page, { query: { page, search } }, { placeholderData: keepPreviousData });
}

export function usePhoneNumber(id: number | null) {
  return useCall(phonenumber.one, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

/** Every number, for the exports: the list endpoint is walked 10,000 at a time. */
export async function fetchAllPhoneNumbers(onProgress: (count: number) => void): Promise<TPhoneNumber[]> {
  const all: TPhoneNumber[] = [];
  for (;;) {
    const after = all.at(-1)?.id ?? 0;
    const { list } = await call(phonenumber.all, { query: { after } });
    all.push(...list);
    onProgress(all.length);
    if (list.length === 0) return all;
  }
}

export function useSavePhoneNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavePhoneNumberRequest) => call(phonenumber.create, { body }),
    onSuccess: () => refreshArea(client, phonenumber.area),
  });
}

export function useUpdatePhoneNumber(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdatePhoneNumberRequest) => call(phonenumber.update, { params: { id }, body }),
    onSuccess: () => refreshArea(client, phonenumber.area),
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
      return upload(phonenumber.importFile, form, { headers: { [IMPORT_ID_HEADER]: importId }, onProgress: onSent });
    },
    onSuccess: () => refreshArea(client, phonenumber.area),
  });
}

/** Every number an import skipped: the answer's own when it holds them all, else its report, part by part. */
export function fetchSkippedNumbers(
  answer: TPhoneImportResponse,
  onProgress: (count: number) => void,
): Promise<TSkippedNumber[]> {
  return readSkippedRows(
    answer,
    (id, part) => call(phonenumber.skipped, { params: { id }, query: { part } }),
    onProgress,
  );
}

export function useDeletePhoneNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(phonenumber.remove, { params: { id } }),
    onSuccess: () => refreshArea(client, phonenumber.area),
  });
}
