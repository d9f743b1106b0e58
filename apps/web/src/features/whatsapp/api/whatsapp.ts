/** WhatsApp account calls of the Add WhatsApp and account list screens (spec part 1 §7 WhatsApp). */
import type { TMemberTermsRequest } from '@sewablast/contract/member-terms';
import type { TNewClientRequest, WHATSAPP_FILTERS } from '@sewablast/contract/whatsapp';
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api.ts';
import { useSettingsQuery } from '../../../lib/settings-query.ts';
import { areaKey, useCall } from '../../../lib/use-call.ts';

export function newClient(body: TNewClientRequest) {
  return call(whatsapp.newClient, { body });
}

export function saveClient(clientid: string) {
  return call(whatsapp.save, { body: { clientid } });
}

export function confirmNumber(deviceId: string, replace: boolean) {
  return call(whatsapp.confirmNumber, { body: { deviceId, replace } });
}

export function removeClient(deviceId: string) {
  return call(whatsapp.removeClient, { body: { deviceId } });
}

/** Drops the area's answers no screen shows now: after a link, the lists read again rather than show the old. */
export function forgetAccounts(client: QueryClient): void {
  client.removeQueries({ queryKey: areaKey(whatsapp.area), type: 'inactive' });
}

export function useWhatsappAccount(id: string | null) {
  return useCall(
    whatsapp.one,
    { params: { id: id ?? '' } },
    {
      enabled: id !== null,
      // A refusal (another's account, or none) answers the same the second time: only a failed call is retried.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  );
}

export function useWhatsappPage(page: number, search: string, status: string, userId: number | null) {
  const query = {
    page,
    search: search || undefined,
    status: (status || undefined) as (typeof WHATSAPP_FILTERS)[number] | undefined,
    user_id: userId ?? undefined,
  };
  return useCall(whatsapp.page, { query }, { placeholderData: keepPreviousData });
}

export function startBlasting(whatsappClientId: string, socketClientId: string, loop: boolean) {
  return call(whatsapp.startBlasting, { body: { whatsappClientId, socketClientId, loop } });
}

export function stopBlasting(whatsappClientId: string, socketClientId: string) {
  return call(whatsapp.stopBlasting, { body: { whatsappClientId, socketClientId } });
}

export function resetAccount(id: number) {
  return call(whatsapp.reset, { body: { id } });
}

export function activateAccount(id: number) {
  return call(whatsapp.activate, { body: { id } });
}

export function setSending(id: number, sending_enabled: boolean) {
  return call(whatsapp.setSending, { body: { id, sending_enabled } });
}

/** The owner's own cap and hours for an account; null (or an empty box) is the service's. */
export function setTerms(body: TMemberTermsRequest) {
  return call(whatsapp.setTerms, { body });
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
