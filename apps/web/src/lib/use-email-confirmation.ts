/** The signed-in screens' email confirmation: the user's state (GET /auth/email-confirmation) and the resend. */
import type { TEmailConfirmationState } from '@sewablast/contract/email-confirmation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { resendConfirmation } from './email-confirmation-calls.ts';

/** Keyed by the address, so that a changed email reads the state again. */
export function useEmailConfirmation(email: string) {
  return useQuery({
    queryKey: ['email-confirmation', email],
    queryFn: () => api<TEmailConfirmationState>('/auth/email-confirmation'),
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
