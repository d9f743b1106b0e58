/** A user's linked WhatsApp accounts (GET /admin/whatsapp/list/{userId}, spec part 2 §7), for the job forms. */
import type { TWhatsappListResponse } from '@sewablast/contract/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export function useUserAccounts(userId: number | null) {
  return useQuery({
    queryKey: ['whatsapp', 'list', userId],
    queryFn: () => api<TWhatsappListResponse>(`/admin/whatsapp/list/${userId}`),
    enabled: userId !== null,
  });
}
