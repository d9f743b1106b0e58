/**
 * Member calls (spec part 2 §7 Members and messaging): the paged list, one member, their blast intervals and
 * their WhatsApp accounts.
 */
import { MEMBER_TEXT, type TMemberIntervals, type TMemberStatus } from '@sewablast/contract/members';
import * as members from '@sewablast/contract/members-calls';
import * as users from '@sewablast/contract/users-calls';
import type { TWhatsappListResponse } from '@sewablast/contract/whatsapp';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

/** A member's WhatsApp accounts, read again with the member: their intervals follow the member's. */
const ACCOUNTS_KEY = ['members'] as const;

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
    onSuccess: () =>
      Promise.all([refreshArea(client, users.area), client.invalidateQueries({ queryKey: ACCOUNTS_KEY })]),
  });
}

export function useMemberAccounts(id: number | null) {
  return useQuery({
    queryKey: [...ACCOUNTS_KEY, 'whatsapp', id],
    queryFn: () =>
      api<TWhatsappListResponse>(`/admin/whatsapp/list/${id}`, { fallback: MEMBER_TEXT.whatsappFetchFailed }),
    enabled: id !== null,
  });
}
