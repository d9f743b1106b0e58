/** The bonus form's member picker: members by the start of a name or email, with the preselected one first. */
import { MEMBER_TEXT, type TMemberOptions } from '@sewablast/contract/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useMemberOptions(search: string, id: number | null) {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (id !== null) query.set('id', String(id));
  return useQuery({
    queryKey: ['member-options', search, id],
    queryFn: () => api<TMemberOptions>(`/admin/users/member-options?${query}`, { fallback: MEMBER_TEXT.fetchFailed }),
    placeholderData: keepPreviousData,
  });
}
