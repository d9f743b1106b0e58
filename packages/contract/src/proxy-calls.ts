/**
 * /api/admin/proxy (spec part 2 §7 Proxies), one line per call (call.ts): admins and devs list, read, save,
 * import and delete the proxies the sessions connect through. Schemas: proxy.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call, Form } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZImportSkippedQuery } from './imports.ts';
import type { ZIdParams } from './paging.ts';
import type {
  TCountUseResponse,
  TProxyImportResponse,
  TProxyListResponse,
  TProxyPageResponse,
  TProxyResponse,
  TProxySkippedResponse,
  ZProxyListQuery,
  ZSaveProxyRequest,
  ZUpdateProxyRequest,
} from './proxy.ts';

export const area = '/api/admin/proxy';
const FAILURES = [400, 401, 403, 404, 409] as const;
type Id = z.input<typeof ZIdParams>;

export const list: Call<{ answer: TProxyListResponse }> = {
  method: 'GET',
  path: `${area}/list`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Proxy list',
};
export const page: Call<{ query: z.input<typeof ZProxyListQuery>; answer: TProxyPageResponse }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Proxy list',
};
export const countUse: Call<{ answer: TCountUseResponse }> = {
  method: 'GET',
  path: `${area}/count-use`,
  access: 'managers',
  errors: FAILURES,
};
export const one: Call<{ params: Id; answer: TProxyResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error fetching Proxy',
};
export const save: Call<{ body: z.input<typeof ZSaveProxyRequest>; answer: TProxyResponse }> = {
  method: 'POST',
  path: `${area}/save`,
  access: 'managers',
  errors: FAILURES,
};
/** A multipart form whose `file` is the CSV, .xlsx or JSON list; 413 past IMPORT_MAX_MB. */
export const importFile: Call<{ body: Form; answer: TProxyImportResponse }> = {
  method: 'POST',
  path: `${area}/import`,
  access: 'managers',
  errors: [...FAILURES, 413],
  fallback: 'Error importing File',
};
export const skipped: Call<{
  params: Id;
  query: z.input<typeof ZImportSkippedQuery>;
  answer: TProxySkippedResponse;
}> = {
  method: 'GET',
  path: `${area}/import/:id/skipped`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Daftar proxy yang dilewati tidak dapat diunduh.',
};
export const update: Call<{ params: Id; body: z.input<typeof ZUpdateProxyRequest>; answer: TProxyResponse }> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
export const remove: Call<{ params: Id; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
