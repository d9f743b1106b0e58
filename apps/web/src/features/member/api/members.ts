/**
 * Member calls (spec part 2 §7 Members and messaging): the paged list, one member, their blast intervals and
 * their WhatsApp accounts — with the query keys they share.
 */
import { MEMBER_TEXT, type TMemberIntervals, type TMemberPage, type TMemberStatus } from '@sewablast/contract/members';
import type { TUpdateUserResponse, TUserDetailResponse } from '@sewablast/contract/users';
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { useCall } from '../../../lib/use-call.ts';

const KEY = ['members'] as const;

export interface MemberFilter {
  page: number;
  search: string;
  status?: TMemberStatus;
}

export function useMembers({ page, search, status }: MemberFilter) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...KEY, 'page', page, search, status],
    queryFn: () => api<TMemberPage>(`/admin/users/members-per-page?${query}`, { fallback: MEMBER_TEXT.fetchFailed }),
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<TUserDetailResponse>(`/admin/users/${id}`),
    enabled: id !== null,
    // 'No User Found' at once: asking again will not make a missing or forbidden member appear.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
  });
}

export function useSaveIntervals(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMemberIntervals) => api<TUpdateUserResponse>(`/admin/users/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useMemberAccounts(id: number | null) {
  return useCall(whatsapp.listOf, { params: { userId: id ?? 0 } }, { enabled: id !== null });
}
