/** The bonus form's member picker: members by the start of a name or email, with the preselected one first. */
import * as users from '@sewablast/contract/users-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export function useMemberOptions(search: string, id: number | null) {
  return useCall(
    users.memberOptions,
    { query: { search, id: id ?? undefined } },
    { placeholderData: keepPreviousData },
  );
}
