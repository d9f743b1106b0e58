/**
 * The profile's sessions: the caller's signed-in devices (GET /auth/sessions), ending one
 * (DELETE /auth/sessions/{id}) and signing out every other device (POST /auth/sessions/revoke-others).
 */
import type { TRevokeOthersResponse, TSessionListResponse, TSessionMessage } from '@sewablast/contract/sessions';
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api<TSessionListResponse>('/auth/sessions', { fallback: SESSION_TEXT.loadFailed }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<TSessionMessage>(`/auth/sessions/${id}`, { method: 'DELETE', fallback: SESSION_TEXT.failed }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<TRevokeOthersResponse>('/auth/sessions/revoke-others', { method: 'POST', fallback: SESSION_TEXT.failed }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
