/** The signed-in screens' email confirmation: the user's state and the resend (email-confirmation-calls.ts). */
import * as emailConfirmation from '@sewablast/contract/email-confirmation-calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { keyOf } from './use-call.ts';

/** Keyed by the address too, so that a changed email reads the state again. */
export function useEmailConfirmation(email: string) {
  return useQuery({
    queryKey: [...keyOf(emailConfirmation.state), email],
    queryFn: () => call(emailConfirmation.state),
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: () => call(emailConfirmation.resend) });
}
