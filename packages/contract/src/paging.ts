/**
 * What every route's input shares: paged lists (DESIGN §6: page from 1, 10 rows unless the client asks
 * `limit`, at most 100), ids, and the texts of the checks that run on any input.
 */
import { z } from 'zod';
import { wholeNumber } from './numbers.ts';

/**
 * A paged list's status filter's no-filter option, the spec's word on every list (part 1 §2 Daftar Whatsapp:
 * 'Filter Status' offers All, Connected, …), so that the lists say it alike.
 */
export const FILTER_ALL = 'All';

export const INPUT_TEXT = {
  nul: 'Data tidak boleh mengandung karakter NUL (\\0).',
  badId: 'ID tidak valid.',
  badForm: 'Form multipart tidak valid atau terpotong.',
  fieldTooLong: 'Isian terlalu panjang.',
  oneFile: 'Kirim satu file saja dalam satu permintaan.',
  tooManyFields: (fields: number) => `Form berisi terlalu banyak isian (paling banyak ${fields}).`,
  badUrl: 'Alamat tidak valid.',
  urlTooLong: 'Alamat terlalu panjang.',
} as const;

function isContainer(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  // Plain objects, and the prototype-less ones routers and query parsers build (`new NullObject()`); a
  // Buffer or a stream is not walked.
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * The dotted name of the first string (or key) holding a NUL byte, `_` for the value itself, or null.
 * PostgreSQL cannot store U+0000 in text and fails the whole query on it, so no input may carry one.
 * Iterative, as a JSON body may nest deeper than the call stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, path] = entry;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path || '_';
      continue;
    }
    if (!isContainer(item)) continue;
    for (const [key, child] of Object.entries(item)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return field;
      stack.push([child, field]);
    }
  }
  return null;
}

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZPageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Present (true) when a search matched more rows than were counted: `total` is then SEARCH_COUNT_CAP, a
   * floor rather than the count, and the screen says 'lebih dari …'. Absent when `total` is exact.
   */
  capped: z.literal(true).optional(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

/**
 * A searched list counts its matches up to this many (100 pages of 10): an exact count of a common word's
 * 100,000 matches in a million rows reads them all for every page (docs/performance.md), for a figure nobody
 * pages through; counting to 10,000 still read a tenth of them (110 ms on the loaded machine, 17 ms to 1,000).
 */
export const SEARCH_COUNT_CAP = 1000;

export const PAGING_TEXT = {
  /** A total, or 'lebih dari' it when the count stopped there (`capped`). */
  total: (total: string, capped: boolean | undefined) => (capped ? `lebih dari ${total}` : total),
} as const;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ZPageMeta });
}

/** A page past the end is the last page: `page` never exceeds `totalPages`. */
export function pageMeta(query: { page: number; limit: number }, total: number, capped = false): TPageMeta {
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  const meta = { page: Math.min(query.page, totalPages), limit: query.limit, total, totalPages };
  return capped ? { ...meta, capped: true } : meta;
}

/** The largest id: ids are PostgreSQL `integer`s, and a larger number would fail the query rather than find nothing. */
export const MAX_ID = 2_147_483_647;

/**
 * Any row's id, in a path, a query or a body: a JSON number or a string of digits, as the spec's clients send
 * both; never a sign, a space, an exponent or a hexadecimal form.
 */
export const ZId = wholeNumber(1, MAX_ID, INPUT_TEXT.badId);

/** Id in the path of `GET/PUT/DELETE …/{id}`. */
export const ZIdParams = z.object({ id: ZId });
