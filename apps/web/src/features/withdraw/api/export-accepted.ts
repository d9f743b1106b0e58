/**
 * The finance export's CSV (GET /admin/withdraw/export-accepted). It is text, not JSON, so it is read here
 * rather than through `api()`, with the same bearer token and the server's `msg` on a refusal.
 */

import type { TAcceptedExportQuery } from '@sewablast/contract/audit';
import { TEXT } from '@sewablast/contract/texts';
import { EXPORT_TEXT } from '@sewablast/contract/withdraw-text';
import { ApiError } from '../../../lib/api.ts';
import { getToken } from '../../../lib/session.ts';

export async function fetchAcceptedCsv(query: TAcceptedExportQuery): Promise<string> {
  const token = getToken();
  if (!token) throw new ApiError(0, TEXT.tokenMissing);
  const response = await fetch(`/api/admin/withdraw/export-accepted?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => {
    throw new ApiError(0, TEXT.networkError);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { msg?: unknown; errors?: Record<string, string> };
    throw new ApiError(response.status, typeof body.msg === 'string' ? body.msg : EXPORT_TEXT.failed, body.errors);
  }
  return response.text();
}
