/** WhatsApp account calls used by the Add WhatsApp screen (spec part 1 §7 WhatsApp). */
import type { TMsgResponse } from '@sewablast/contract/errors';
import type { TMemberTermsRequest } from '@sewablast/contract/member-terms';
import type {
  TNewClientRequest,
  TNewClientResponse,
  TWhatsappDataResponse,
  TWhatsappPageResponse,
  TWhatsappResponse,
} from '@sewablast/contract/whatsapp';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { useSettingsQuery } from '../../../lib/settings-query.ts';

export function newClient(body: TNewClientRequest) {
  return api<TNewClientResponse>('/admin/whatsapp/new-client', {
    body,
    fallback: 'Error creating client',
  });
}

export function saveClient(clientid: string) {
  return api<TWhatsappResponse>('/admin/whatsapp/save', { body: { clientid } });
}

export function confirmNumber(deviceId: string, replace: boolean) {
  return api<TWhatsappResponse>('/admin/whatsapp/confirm-number', { body: { deviceId, replace } });
}

export function removeClient(deviceId: string) {
  return api<TMsgResponse>('/admin/whatsapp/remove-client', {
    body: { deviceId },
    fallback: 'Error removing client',
  });
}

export function useWhatsappAccount(id: string | null) {
  return useQuery({
    queryKey: ['whatsapp', 'one', id],
    queryFn: () => api<TWhatsappResponse>(`/admin/whatsapp/${id}`),
    enabled: id !== null,
    // A refusal (another's account, or none) answers the same the second time: only a failed call is retried.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

export function useWhatsappPage(page: number, search: string, status: string, userId: number | null) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  if (userId !== null) query.set('user_id', String(userId));
  return useQuery({
    queryKey: ['whatsapp', 'page', page, search, status, userId],
    queryFn: () =>
      api<TWhatsappPageResponse>(`/admin/whatsapp/list-per-page?${query}`, {
        fallback: 'Error fetching WhatsApp list',
      }),
    placeholderData: keepPreviousData,
  });
}

export function startBlasting(whatsappClientId: string, socketClientId: string, loop: boolean) {
  return api<TWhatsappResponse>('/admin/whatsapp/start-blasting', {
    body: { whatsappClientId, socketClientId, loop },
  });
}

export function stopBlasting(whatsappClientId: string, socketClientId: string) {
  return api<TWhatsappResponse>('/admin/whatsapp/stop-blasting', { body: { whatsappClientId, socketClientId } });
}

export function resetAccount(id: number) {
  return api<TWhatsappDataResponse>('/admin/whatsapp/reset', { body: { id } });
}

export function activateAccount(id: number) {
  return api<TWhatsappDataResponse>('/admin/whatsapp/activate', { body: { id } });
}

export function setSending(id: number, sending_enabled: boolean) {
  return api<TWhatsappResponse>('/admin/whatsapp/status', { method: 'PUT', body: { id, sending_enabled } });
}

/** The owner's own cap and hours for an account; null (or an empty box) is the service's. */
export function setTerms(body: TMemberTermsRequest) {
  return api<TWhatsappResponse>('/admin/whatsapp/terms', { method: 'PUT', body });
}

/** The business time zone the rows' waits are shown in; undefined until the settings are read. */
export function useBusinessTimeZone(): string | undefined {
  return useSettingsQuery(({ setting }) => setting.time_zone).data;
}

/** The service's cap and sending hours, which the member's own terms can only narrow. */
export function useServiceTerms() {
  return useSettingsQuery(({ setting }) => ({
    cap: setting.daily_cap,
    start: setting.send_window_start,
    end: setting.send_window_end,
  }));
}
