/** Calls of the Blaster page: the sender accounts, the receivers to choose from, and the send. */
import * as phonenumber from '@sewablast/contract/phonenumber-calls';
import type { TSendMessageRequest, TSendMessageResponse, TWhatsappListResponse } from '@sewablast/contract/whatsapp';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useCall } from '../../../lib/use-call.ts';

/** The signed-in user's linked accounts (every linked account for admins and devs). */
export function useSenderAccounts() {
  return useQuery({
    queryKey: ['whatsapp', 'list'],
    queryFn: () => api<TWhatsappListResponse>('/admin/whatsapp/list', { fallback: 'Error fetching WhatsApp list' }),
  });
}

/** A page of numbers matching the search, of which the active ones can be chosen. */
export function useReceiverOptions(search: string) {
  return useCall(phonenumber.page, { query: { limit: 50, search } }, { placeholderData: keepPreviousData });
}

export function useSendBlaster() {
  return useMutation({
    mutationFn: (body: TSendMessageRequest) =>
      api<TSendMessageResponse>('/admin/whatsapp/send-message/1', { body, fallback: 'Error sending message' }),
  });
}
