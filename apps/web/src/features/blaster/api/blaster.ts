/** Calls of the Blaster page: the sender accounts, the receivers to choose from, and the send. */
import * as phonenumber from '@sewablast/contract/phonenumber-calls';
import type { TSendMessageRequest } from '@sewablast/contract/whatsapp';
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { useCall } from '../../../lib/use-call.ts';

/** The signed-in user's linked accounts (every linked account for admins and devs). */
export function useSenderAccounts() {
  return useCall(whatsapp.list, {});
}

/** A page of numbers matching the search, of which the active ones can be chosen. */
export function useReceiverOptions(search: string) {
  return useCall(phonenumber.page, { query: { limit: 50, search } }, { placeholderData: keepPreviousData });
}

export function useSendBlaster() {
  return useMutation({
    mutationFn: (body: TSendMessageRequest) => call(whatsapp.sendBlaster, { body }),
  });
}
