/**
 * Every paged list (DESIGN §6): the matching rows counted, one page read by limit and offset, and the
 * meta the client pages by. A page past the end answers the last page and says so in `meta.page`, so
 * that a stale link or a list that shrank still shows rows, and the meta never names a page that is not.
 */
import { pageMeta, type TPageMeta } from '@sewablast/contract/paging';
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

type Order = SQL | PgColumn;

export interface PageSource<T extends PgTable> {
  table: T;
  where?: SQL | undefined;
  /** The rows' order; given the total when the cheap way to read a page depends on how many match. */
  orderBy: Order[] | ((total: number) => Order[]);
  /** How the matches are counted, when the list has a cheaper way than counting them every time. */
  count?: (where: SQL | undefined) => Promise<number>;
}

export interface Page<Item> {
  data: Item[];
  meta: TPageMeta;
}

export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  return total;
}

export async function paged<T extends PgTable, Item>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  present: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const { table, where, orderBy } = source;
  const total = await (source.count ? source.count(where) : countRows(db, table, where));
  const meta = pageMeta(query, total);
  if (total === 0) return { data: [], meta };
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...(typeof orderBy === 'function' ? orderBy(total) : orderBy))
    .limit(meta.limit)
    .offset((meta.page - 1) * meta.limit);
  return { data: await present(rows as T['$inferSelect'][]), meta };
}
