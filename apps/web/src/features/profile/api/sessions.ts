/**
 * The profile's sessions (sessions-calls.ts): the caller's signed-in devices, ending one and signing out
 * every other device.
 */
import * as sessions from '@sewablast/contract/sessions-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea, useCall } from '../../../lib/use-call.ts';

export function useSessions() {
  return useCall(sessions.list, {});
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(sessions.revoke, { params: { id } }),
    onSettled: () => refreshArea(client, sessions.area),
  });
}

export function useRevokeOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(sessions.revokeOthers),
    onSettled: () => refreshArea(client, sessions.area),
  });
}
