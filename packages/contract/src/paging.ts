/** Paged lists (DESIGN §6): page from 1, 10 rows unless the client asks `limit` (at most 100). */
import { z } from 'zod';

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
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ZPageMeta });
}

export function pageMeta(query: { page: number; limit: number }, total: number): TPageMeta {
  return { page: query.page, limit: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

/** Id in the path of `GET/PUT/DELETE …/{id}`. */
export const ZIdParams = z.object({ id: z.coerce.number().int().positive() });
