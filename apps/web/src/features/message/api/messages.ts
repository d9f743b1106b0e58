/** Template calls (spec part 2 §7 Message templates): list, one, save, import, delete. */
import * as message from '@sewablast/contract/message-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useMessages(page: number) {
  return useCall(message.page, { query: { page } }, { placeholderData: keepPreviousData });
}

export function useMessage(id: number | null) {
  return useCall(message.one, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

/** Every template, for the JSON export. */
export function fetchAllMessages() {
  return call(message.list);
}

export function useSaveMessage(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      id === null ? call(message.create, { body }) : call(message.update, { params: { id }, body }),
    onSuccess: () => refreshArea(client, message.area),
  });
}

export function useImportMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(message.importFile, { body: form });
    },
    onSuccess: () => refreshArea(client, message.area),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(message.remove, { params: { id } }),
    onSuccess: () => refreshArea(client, message.area),
  });
}
