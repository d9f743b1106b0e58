/** Level calls (spec part 2 §7 Level): list, one, save, delete. */
import type { TLevelRequest } from '@sewablast/contract/level';
import * as level from '@sewablast/contract/level-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useLevels(page: number) {
  return useCall(level.page, { query: { page } }, { placeholderData: keepPreviousData });
}

export function useLevel(id: number | null) {
  return useCall(level.one, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

export function useSaveLevel(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TLevelRequest) =>
      id === null ? call(level.create, { body }) : call(level.update, { params: { id }, body }),
    onSuccess: () => refreshArea(client, level.area),
  });
}

export function useDeleteLevel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(level.remove, { params: { id } }),
    onSuccess: () => refreshArea(client, level.area),
  });
}
