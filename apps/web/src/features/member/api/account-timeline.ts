/** A lost account's timeline (GET /admin/account-loss/timeline/{id}), read when its dialog opens. */
import type { TAccountTimeline } from '@sewablast/contract/account-loss';
import { ACCOUNT_LOSS_TEXT } from '@sewablast/contract/account-loss-text';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useAccountTimeline(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['account-loss', 'timeline', id],
    queryFn: () =>
      api<TAccountTimeline>(`/admin/account-loss/timeline/${id}`, { fallback: ACCOUNT_LOSS_TEXT.timelineFailed }),
    enabled,
  });
}
