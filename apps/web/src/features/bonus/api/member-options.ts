/** The bonus form's member picker: members by the start of a name or email, with the preselected one first. */
import * as members from '@sewablast/contract/members-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export function useMemberOptions(search: string, id: number | null) {
  return useCall(
    members.memberOptions,
    { query: { search, id: id ?? undefined } },
    { placeholderData: keepPreviousData },
  );
}
