/** A page of the audit log (GET /admin/audit/list-per-page), filtered as the screen's address says. */
import type { TAuditAction } from '@sewablast/contract/audit';
import * as audit from '@sewablast/contract/audit-calls';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../../lib/use-call.ts';

export interface AuditFilter {
  page: number;
  action?: TAuditAction;
  from?: string;
  to?: string;
}

/** `enabled` false keeps a filter the server would refuse from being sent. */
export function useAuditPage({ page, action, from, to }: AuditFilter, enabled = true) {
  return useCall(audit.page, { query: { page, action, from, to } }, { enabled, placeholderData: keepPreviousData });
}
