/** A page of the audit log (GET /admin/audit/list-per-page), filtered as the screen's address says. */
import { AUDIT_TEXT, type TAuditAction, type TAuditPage } from '@sewablast/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AuditFilter {
  page: number;
  action?: TAuditAction;
  from?: string;
  to?: string;
}

/** `enabled` false keeps a filter the server would refuse from being sent. */
export function useAuditPage({ page, action, from, to }: AuditFilter, enabled = true) {
  const query = new URLSearchParams({ page: String(page) });
  if (action) query.set('action', action);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return useQuery({
    queryKey: ['audit', 'page', page, action, from, to],
    queryFn: () => api<TAuditPage>(`/admin/audit/list-per-page?${query}`, { fallback: AUDIT_TEXT.listFailed }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
