/** WhatsApp account calls used by the Add WhatsApp screen (spec part 1 §7 WhatsApp). */
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function newClient(body: {
  deviceId: string;
  previousDeviceId: string | null;
  userId: number;
  phoneNumber: string | null;
}) {
  return api<{ proxyId: number; message: string }>('/admin/whatsapp/new-client', {
    body,
    fallback: 'Error creating client',
  });
}

export function saveClient(clientid: string) {
  return api<{ whatsapp: TWhatsapp }>('/admin/whatsapp/save', { body: { clientid } });
}

export function removeClient(deviceId: string) {
  return api<{ msg: string }>('/admin/whatsapp/remove-client', {
    body: { deviceId },
    fallback: 'Error removing client',
  });
}

export function useWhatsappAccount(id: string | null) {
  return useQuery({
    queryKey: ['whatsapp', 'one', id],
    queryFn: () => api<{ whatsapp: TWhatsapp }>(`/admin/whatsapp/${id}`),
    enabled: id !== null,
  });
}
