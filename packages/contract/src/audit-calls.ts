/**
 * /api/admin/audit (call.ts): the audit log, read by admins and devs. Schemas: audit.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { TAuditPage, ZAuditQuery } from './audit.ts';
import { AUDIT_TEXT } from './audit-text.ts';
import type { Call } from './call.ts';

export const area = '/api/admin/audit';

export const page: Call<{ query: z.input<typeof ZAuditQuery>; answer: TAuditPage }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: [400, 401, 403],
  fallback: AUDIT_TEXT.listFailed,
};
