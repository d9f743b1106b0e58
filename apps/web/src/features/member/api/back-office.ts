/**
 * The back-office users (members-calls.ts `backOfficePage`) and the reset of one's second factor
 * (`resetTwoFactor`).
 */
import * as members from '@sewablast/contract/members-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useBackOfficeUsers({ page, search }: { page: number; search: string }) {
  return useCall(members.backOfficePage, { query: { page, search } }, { placeholderData: keepPreviousData });
}

/** The admin's reset; the lists showing the user's second factor are read again after it. */
export function useResetTwoFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(members.resetTwoFactor, { params: { id: userId } }),
    onSettled: () => refreshArea(client, members.area),
  });
}
