/**
 * Member calls (spec part 2 §7 Members and messaging): the paged list, one member, their blast intervals and
 * their WhatsApp accounts.
 */
import type { TMemberIntervals, TMemberStatus } from '@sewablast/contract/members';
import * as members from '@sewablast/contract/members-calls';
import * as users from '@sewablast/contract/users-calls';
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export interface MemberFilter {
  page: number;
  search: string;
  status?: TMemberStatus;
}

export function useMembers({ page, search, status }: MemberFilter) {
  return useCall(members.memberPage, { query: { page, search, status } }, { placeholderData: keepPreviousData });
}

export function useMember(id: number | null) {
  return useCall(
    users.one,
    { params: { id: id ?? 0 } },
    {
      enabled: id !== null,
      // 'No User Found' at once: asking again will not make a missing or forbidden member appear.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
    },
  );
}

export function useSaveIntervals(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMemberIntervals) => call(users.update, { params: { id }, body }),
    // The member's WhatsApp accounts are read again too: their intervals follow the member's.
    onSuccess: () => Promise.all([refreshArea(client, users.area), refreshArea(client, whatsapp.area)]),
  });
}

export function useMemberAccounts(id: number | null) {
  return useCall(whatsapp.listOf, { params: { userId: id ?? 0 } }, { enabled: id !== null });
}
