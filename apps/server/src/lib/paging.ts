/**
 * Every paged list (DESIGN §6): the matching rows counted, one page read by limit and offset, and the
 * meta the client pages by. A page past the end answers the last page and says so in `meta.page`, so
 * that a stale link or a list that shrank still shows rows, and the meta never names a page that is not.
 *
 * A list that names its `keyset` over versioned tables (page-seek.ts) reads its count and every page past
 * the first anchor from what this node remembers of that version, in one snapshot: any page of a million
 * rows costs about what the first does, and is still exactly the page `OFFSET` would give. A search whose
 * `count` stops at a cap (`countUpTo`) remembers the keys of its matches up to the cap, as many as its pages
 * show, once a version, and reads a page by its keys (`searchPage`); over unversioned tables it pages by
 * offset, which the cap keeps short.
 */
import { pageMeta, SEARCH_COUNT_CAP, type TPageMeta } from '@sewablast/contract/paging';
import { and, count, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  ANCHOR_EVERY,
  fromAnchor,
  type Keyset,
  listOf,
  ONE_SNAPSHOT,
  remembered,
  VERSIONED_TABLES,
  versionOf,
  versionSql,
} from './page-seek.ts';
import { keptPage, searchPage } from './search-page.ts';

type Order = SQL | PgColumn;

export interface PageSource<T extends PgTable> {
  table: T;
  where?: SQL | undefined;
  /**
   * The rows' order; given the total (Infinity when the count stopped at its cap) when the cheap way to read a
   * page depends on how many match.
   */
  orderBy: Order[] | ((total: number) => Order[]);
  /**
   * How a search's matches are counted when counting them all is too dear (`countUpTo`, to SEARCH_COUNT_CAP):
   * such a list remembers its matches' keys up to the cap (`searchPage`), or over unversioned tables pages by
   * offset. Asked before the matches are read, so that `orderBy` may depend on what it found.
   */
  count?: (where: SQL | undefined) => Promise<Counted>;
  /**
   * A statement of one column: the keys (of the keyset's last column) of a search's first `limit` matches in the
   * list's order, read without sorting all its matches: for a search past its count's cap, whose pages
   * `searchPage` reads by these keys.
   */
  firstKeys?: (limit: number) => SQL;
  /**
   * The same order as columns a page can seek by (page-seek.ts `Keyset`), when every table the rows and
   * `where` read is versioned: `table`, and those named in `reads`.
   */
  keyset?: Keyset;
  reads?: PgTable[];
}

/** A count that may have stopped at a cap: `capped` says more rows match than `total`. */
export interface Counted {
  total: number;
  capped: boolean;
  /**
   * Past the cap, the search's first keys and the tables' version, and the page asked, read in the count's
   * statement (search-page.ts `countWithPage`): the page needs no statement of its own, the version's other pages
   * are read by the keys.
   */
  kept?: { version: string; keys: unknown[] };
  page?: { rows: unknown[]; meta: TPageMeta };
}

export interface Page<Item> {
  data: Item[];
  meta: TPageMeta;
}

export type Reader = Pick<Db, 'select'>;

export async function countRows(db: Reader, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  return total;
}

/**
 * The matches counted up to `cap`, for searches: a word in a ninth of a million rows took 57 ms p50 to count
 * exactly (docs/performance.md), and the count reads its matches again for every page.
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap = SEARCH_COUNT_CAP,
  order?: SQL,
): Promise<Counted> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where);
  // In an index's order (lib/like.ts `patternOrder`) where one is given: the count walks it to the cap.
  const found = (order ? matches.orderBy(order) : matches).limit(cap + 1).as('found');
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(found);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

function orderOf<T extends PgTable>(source: PageSource<T>, total: number): Order[] {
  return typeof source.orderBy === 'function' ? source.orderBy(total) : source.orderBy;
}

function rowsAt<T extends PgTable>(
  db: Reader,
  source: PageSource<T>,
  total: number,
  limit: number,
  offset: number,
  from?: SQL,
) {
  const { table, where } = source;
  return db
    .select()
    .from(table as PgTable)
    .where(from ? and(where, from) : where)
    .orderBy(...orderOf(source, total))
    .limit(limit)
    .offset(offset);
}

/** The tables a list with a keyset reads, when they are all versioned (page-seek.ts). */
function versioned<T extends PgTable>(source: PageSource<T>): string[] | undefined {
  if (!source.keyset) return undefined;
  const tables = [source.table, ...(source.reads ?? [])].map((table) => getTableName(table));
  return tables.every((name) => VERSIONED_TABLES.has(name)) ? tables : undefined;
}

export async function paged<T extends PgTable, Item>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  present: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const tables = versioned(source);
  const { rows, meta } = !tables
    ? await offsetPage(db, query, source)
    : source.count
      ? await searchPage(db, query, source, tables, (counted) => offsetPage(db, query, source, counted))
      : ((await rememberedPage(db, query, source, tables)) ??
        (await db.transaction((tx) => seekPage(tx, query, source, tables), ONE_SNAPSHOT)));
  return { data: rows.length ? await present(rows as T['$inferSelect'][]) : [], meta };
}

/**
 * The search's page if this node keeps at least `least` of its matches' keys of the tables' current version (one
 * statement), else undefined: for a service whose choice of `where` is a read of the same tables, which those
 * keys answer (the phone list's name start, lib/like.ts `startsEnough`).
 */
export async function keptPaged<T extends PgTable, Item>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  present: (rows: T['$inferSelect'][]) => Item[] | Promise<Item[]>,
  least: number,
): Promise<Page<Item> | undefined> {
  const tables = versioned(source);
  const kept = tables ? await keptPage(db, query, source, tables, least) : undefined;
  if (!kept) return undefined;
  return { data: kept.rows.length ? await present(kept.rows as T['$inferSelect'][]) : [], meta: kept.meta };
}

async function offsetPage<T extends PgTable>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  counted?: Counted,
) {
  const { total, capped } =
    counted ??
    (source.count
      ? await source.count(source.where)
      : { total: await countRows(db, source.table, source.where), capped: false });
  const meta = pageMeta(query, total, capped);
  if (total === 0) return { rows: [], meta };
  const ordered = capped ? Number.POSITIVE_INFINITY : total;
  return { rows: await rowsAt(db, source, ordered, meta.limit, (meta.page - 1) * meta.limit), meta };
}

/**
 * Where a page starts: the remembered anchor it seeks from (none for a page inside the first ANCHOR_EVERY
 * rows) and how many rows it skips after that anchor (or from the start).
 */
function placeOf(meta: TPageMeta): { anchor: number | null; skip: number } {
  const offset = (meta.page - 1) * meta.limit;
  if (offset < ANCHOR_EVERY) return { anchor: null, skip: offset };
  const anchor = Math.floor(offset / ANCHOR_EVERY);
  return { anchor, skip: offset - anchor * ANCHOR_EVERY };
}

/**
 * The page read from what this node remembers, in one statement that also reads the tables' version: when
 * that is still the remembered one, total, anchors and page are of one snapshot. Otherwise (or with no row
 * to carry the version) undefined, and the page is read in a transaction that brings the memory up to date.
 */
async function rememberedPage<T extends PgTable>(
  db: Reader,
  query: { page: number; limit: number },
  source: PageSource<T>,
  tables: string[],
) {
  const keyset = source.keyset as Keyset;
  const known = remembered({ table: source.table, where: source.where, keyset });
  if (!known) return undefined;
  const meta = pageMeta(query, known.total);
  const place = placeOf(meta);
  const anchor = place.anchor === null ? undefined : known.anchors?.[place.anchor];
  if (place.anchor !== null && !anchor) return undefined;
  const { table, where } = source;
  const read = await db
    .select({ row: table as PgTable, version: versionSql(tables) })
    .from(table as PgTable)
    .where(anchor ? and(where, fromAnchor(keyset, anchor)) : where)
    .orderBy(...orderOf(source, known.total))
    .limit(meta.limit)
    .offset(place.skip);
  if (read[0]?.version !== known.version) return undefined;
  return { rows: read.map((entry) => entry.row), meta };
}

async function seekPage<T extends PgTable>(
  tx: Reader,
  query: { page: number; limit: number },
  source: PageSource<T>,
  tables: string[],
) {
  const keyset = source.keyset as Keyset;
  const where = source.where;
  const list = listOf(tx, await versionOf(tx, tables), { table: source.table, where, keyset }, () =>
    countRows(tx, source.table, where),
  );
  const total = await list.total;
  const meta = pageMeta(query, total);
  if (total === 0) return { rows: [], meta };
  const place = placeOf(meta);
  if (place.anchor === null) return { rows: await rowsAt(tx, source, total, meta.limit, place.skip), meta };
  const anchor = (await list.anchors())[place.anchor] as string[];
  return { rows: await rowsAt(tx, source, total, meta.limit, place.skip, fromAnchor(keyset, anchor)), meta };
}
