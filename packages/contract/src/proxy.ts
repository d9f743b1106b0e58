/** Proxies the WhatsApp sessions connect through (spec part 2 §3 Proxy, §5, §7 Proxies; DESIGN §5.8). */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { importAnswerOf, skippedPartOf, ZImportSkippedQuery } from './imports.ts';
import { pageOf, ZIdParams, ZPageQuery } from './paging.ts';
import type * as calls from './proxy-calls.ts';

export const PROXY_TEXT = {
  valueRequired: 'Proxy wajib diisi.',
  invalid: 'Proxy harus berformat host:port, user:pass@host:port, atau URL http://, https://, socks5://.',
  taken: 'Proxy sudah terdaftar.',
  duplicateInFile: 'Proxy ganda di dalam file.',
  badFile: 'File harus berupa CSV atau Excel .xlsx (satu proxy per baris) atau JSON berisi daftar proxy.',
  fileRequired: 'Pilih file .csv, .xlsx atau .json terlebih dahulu.',
  importHint: 'CSV atau Excel .xlsx (lembar pertama) satu proxy per baris, atau JSON berisi daftar proxy.',
  nothingToExport: 'No proxies to export.',
  /** The edit's status box for a quarantined proxy: ticking it puts the proxy back into the pool. */
  quarantined: 'Aktif (karantina: akun terakhirnya diblokir WhatsApp; centang setelah proxy diperiksa)',
} as const;

/** The files the proxy import reads (by content; the extensions only guide the file picker). */
export const PROXY_IMPORT_ACCEPT = ['.csv', '.xlsx', '.json'];

/** The longest proxy value stored; a skipped value is echoed up to this length too. */
export const PROXY_VALUE_MAX = 500;

const HOST =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)*[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$|^\d{1,3}(?:\.\d{1,3}){3}$|^\[[0-9a-fA-F:]+\]$/;

function validPort(port: string): boolean {
  const value = Number(port);
  return /^\d{1,5}$/.test(port) && value >= 1 && value <= 65_535;
}

/** True for host:port, user:pass@host:port, or an http(s)/socks5 URL with a host and a port. */
export function isValidProxy(raw: string): boolean {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*?)\/?$/i.exec(value);
  if (scheme) {
    if (!['http', 'https', 'socks5'].includes(scheme[1]?.toLowerCase() ?? '')) return false;
    return isValidProxy(scheme[2] ?? '') && !(scheme[2] ?? '').includes('/');
  }
  const at = value.lastIndexOf('@');
  const credentials = at >= 0 ? value.slice(0, at) : null;
  if (credentials !== null && !/^[^:@]+:[^@]*$/.test(credentials)) return false;
  const address = at >= 0 ? value.slice(at + 1) : value;
  const colon = address.lastIndexOf(':');
  if (colon <= 0) return false;
  return HOST.test(address.slice(0, colon)) && validPort(address.slice(colon + 1));
}

/** 'karantina': its last account was banned; out of the pool until an admin checks it and sets it active. */
export const ZProxyStatus = z.enum(['active', 'nonactive', 'in use', 'karantina']);

export const ZProxy = z.object({
  id: z.number().int(),
  value: z.string(),
  status: ZProxyStatus,
  count_use: z.number().int(),
});
export type TProxy = z.infer<typeof ZProxy>;

const value = z
  .string({ error: PROXY_TEXT.valueRequired })
  .trim()
  .min(1, { error: PROXY_TEXT.valueRequired })
  .max(PROXY_VALUE_MAX)
  .refine(isValidProxy, { error: PROXY_TEXT.invalid });

export const ZSaveProxyRequest = z.object({ value });
export type TSaveProxyRequest = z.input<typeof ZSaveProxyRequest>;

/**
 * 'in use' is not offered: only taking a proxy for a client sets it (DESIGN §5.8). Leaving `status` out keeps
 * the current one, so editing the value of a proxy in use does not free it.
 */
export const ZUpdateProxyRequest = z.object({
  id: z.number().int().optional(),
  value: value.optional(),
  status: z.enum(['active', 'nonactive']).optional(),
});
export type TUpdateProxyRequest = z.input<typeof ZUpdateProxyRequest>;

export const ZProxyResponse = z.object({ proxy: ZProxy });
export type TProxyResponse = z.infer<typeof ZProxyResponse>;

/** Proxies are a few hundred at most, so GET /list answers all of them up to this cap, newest first. */
export const PROXY_LIST_LIMIT = 10_000;
export const ZProxyListResponse = z.object({ list: z.array(ZProxy) });
export type TProxyListResponse = z.infer<typeof ZProxyListResponse>;

/** Paged list query: `synced` only busts caches; `search` matches any part of the value. */
export const ZProxyListQuery = ZPageQuery.extend({ synced: z.string().optional() });
export type TProxyListQuery = z.input<typeof ZProxyListQuery>;
export const ZProxyPageResponse = pageOf(ZProxy);
export type TProxyPageResponse = z.infer<typeof ZProxyPageResponse>;

/** Why an imported row was skipped: one of these, never any other text. */
export const PROXY_SKIP_REASONS = [PROXY_TEXT.invalid, PROXY_TEXT.duplicateInFile, PROXY_TEXT.taken] as const;
export const ZSkippedProxy = z.object({ value: z.string().max(PROXY_VALUE_MAX), reason: z.enum(PROXY_SKIP_REASONS) });
export type TSkippedProxy = z.infer<typeof ZSkippedProxy>;
export const ZProxyImportResponse = importAnswerOf(ZSkippedProxy);
export type TProxyImportResponse = z.infer<typeof ZProxyImportResponse>;
export const ZProxySkippedResponse = skippedPartOf(ZSkippedProxy);
export type TProxySkippedResponse = z.infer<typeof ZProxySkippedResponse>;

export const ZCountUseResponse = z.object({ unUsed: z.number().int(), used: z.number().int() });
export type TCountUseResponse = z.infer<typeof ZCountUseResponse>;

/** What the server checks of each call in proxy-calls.ts. */
export const PROXY_SCHEMAS = schemasOf<typeof calls>()(['proxies'], {
  list: { summary: 'Every proxy, newest first (at most 10,000)', response: { 200: ZProxyListResponse } },
  page: {
    summary: 'A page of proxies; search matches any part of the value',
    querystring: ZProxyListQuery,
    response: { 200: ZProxyPageResponse },
  },
  countUse: { response: { 200: ZCountUseResponse } },
  one: { params: ZIdParams, response: { 200: ZProxyResponse } },
  save: { body: ZSaveProxyRequest, response: { 200: ZProxyResponse } },
  importFile: {
    summary:
      'Multipart file: CSV (one proxy per line) or JSON (strings or {value}); answers the counts and the first skipped rows',
    consumes: ['multipart/form-data'],
    response: { 200: ZProxyImportResponse },
  },
  skipped: {
    summary: "A part of the proxies the caller's latest import skipped, in file order; `next` names the next part",
    params: ZIdParams,
    querystring: ZImportSkippedQuery,
    response: { 200: ZProxySkippedResponse },
  },
  update: { params: ZIdParams, body: ZUpdateProxyRequest, response: { 200: ZProxyResponse } },
  remove: { params: ZIdParams, response: { 200: z.object({ msg: z.string() }) } },
});
