/**
 * A search's pages (issue 24), for the paging helper (lib/paging.ts): a search over versioned tables counts to
 * SEARCH_COUNT_CAP, so its pages never reach past its first SEARCH_KEYS matches, whose keys it remembers once a
 * version (lib/page-seek.ts `searchOf`) and reads each page by.
 */
import { MAX_PAGE_SIZE, pageMeta, SEARCH_COUNT_CAP, type TPageMeta } from '@sewablast/contract/paging';
import { getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { executeNamed } from '../db/prepared.ts';
import {
  askedBefore,
  type Keyset,
  keysetOrder,
  ONE_SNAPSHOT,
  readSearch,
  rememberedSearch,
  searchOf,
  searchRead,
  staleSearch,
  versionOf,
  versionSql,
  wasAsked,
} from './page-seek.ts';
import type { Counted, PageSource, Reader } from './paging.ts';

/**
 * The matches a search's pages can show: its last page (the count's cap ends within it) is full when more match,
 * as an OFFSET read of it is.
 */
const SEARCH_KEYS = SEARCH_COUNT_CAP + MAX_PAGE_SIZE;

/** The page `query` asks of a search whose first keys (SEARCH_KEYS at most) are `found`, and their keys. */
function searchPlace(query: { page: number; limit: number }, found: unknown[]) {
  const capped = found.length > SEARCH_COUNT_CAP;
  const meta = pageMeta(query, Math.min(found.length, SEARCH_COUNT_CAP), capped);
  const from = (meta.page - 1) * meta.limit;
  return { meta, keys: found.slice(from, from + meta.limit) };
}

/** The rows of `keys` (of the keyset's last, unique column) in the list's order, each with the tables' version. */
function byKeys<T extends PgTable>(db: Reader, source: PageSource<T>, keys: unknown[], tables: string[]) {
  const keyset = source.keyset as Keyset;
  return db
    .select({ row: source.table as PgTable, version: versionSql(tables) })
    .from(source.table as PgTable)
    .where(inArray(keyset.columns[keyset.columns.length - 1] as PgColumn, keys))
    .orderBy(keysetOrder(keyset));
}

/**
 * The page read by the search's remembered keys, with the version beside it: undefined if that is another, or
 * if fewer than `least` keys are remembered.
 */
export async function keptPage<T extends PgTable>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  tables: string[],
  least = 0,
) {
  const list = { table: source.table, where: source.where, keyset: source.keyset as Keyset };
  const known = rememberedSearch(list);
  if (!known || known.keys.length < least) return undefined;
  const { meta, keys } = searchPlace(query, known.keys);
  const read = keys.length ? await byKeys(db, source, keys, tables) : [];
  const version = keys.length ? read[0]?.version : await versionOf(db, tables);
  if (version === known.version) return { rows: read.map((entry) => entry.row), meta };
  staleSearch(list, known.version);
  return undefined;
}

/**
 * A search's page (issue 24): a search past the count's cap, or asked again, has its matches' keys to the cap
 * read once a version, with the version in the same statement (page-seek.ts `readSearch`, by the source's
 * `firstKeys` past the cap where it has them, else in the order `orderBy` gives for what `count` found), and a
 * page reads its rows by key with the version beside them, in one statement; another version (or, for no match,
 * the version read alone) reads them again in one snapshot (`searchOf`). Every page of a search whose matches must be sorted (a common name's start among old
 * numbers: 55,555 of them) sorted them all; then the first of a version did; a name's start now reads its
 * first keys block by block (phonenumber/name-blocks.ts), in its count's statement with the page (`countWithPage`),
 * and asked for the first time only as far as its page. A search of fewer matches than the cap asked for the first time is read by OFFSET, as before:
 * reading its keys and three statements more cost a search nobody pages through more than its page.
 */
export async function searchPage<T extends PgTable>(
  db: Db,
  query: { page: number; limit: number },
  source: PageSource<T>,
  tables: string[],
  byOffset: (counted: Counted) => Promise<{ rows: unknown[]; meta: TPageMeta }>,
) {
  const list = { table: source.table, where: source.where, keyset: source.keyset as Keyset };
  const kept = await keptPage(db, query, source, tables);
  if (kept) return kept;
  // Another request reading the keys: waited for outside a transaction, which would hold a connection idle.
  const reading = searchRead(list);
  if (reading) {
    await reading.catch(() => undefined);
    const read = await keptPage(db, query, source, tables);
    if (read) return read;
  }
  // Also outside: `count` reads through the pool, and transactions each waiting for one more of its connections
  // could hold them all.
  const counted = await (source.count as NonNullable<PageSource<T>['count']>)(source.where);
  // Past the cap a search has pages to page through, and where its page sorts its matches the keys cost no more;
  // below it, only a search asked again is worth its keys.
  if (!askedBefore(list) && !counted.capped) return byOffset(counted);
  // Read with the count (`countWithPage`), and the keys with it when the search was asked before: kept for the
  // version's other pages.
  const { kept: withCount, page } = counted;
  if (page) {
    if (withCount) await readSearch(list, () => Promise.resolve(withCount));
    return page;
  }
  // The keys and the tables' version in one statement, which is one snapshot: the page is then read by its keys
  // with the version beside it, as a kept page is (two statements where a transaction took five round trips);
  // only when another version was written in between is it read in a transaction.
  await readSearch(list, () => keysAndVersion(db, source, tables, counted));
  const read = await keptPage(db, query, source, tables);
  if (read) return read;
  return db.transaction(async (tx) => {
    const found = await searchOf(await versionOf(tx, tables), list, async () => {
      const read = (await tx.execute(
        sql`select to_json(array(${keysOf(tx, source, counted)})) as keys`,
      )) as unknown as {
        rows: { keys: unknown[] }[];
      };
      return read.rows[0]?.keys ?? [];
    });
    const { meta, keys } = searchPlace(query, found);
    const rows = keys.length ? (await byKeys(tx, source, keys, tables)).map((entry) => entry.row) : [];
    return { rows, meta };
  }, ONE_SNAPSHOT);
}

/**
 * The statement that reads a search's first SEARCH_KEYS keys in the list's order, its one column: by the source's
 * `firstKeys` past the cap where it has them, else in the order `orderBy` gives for what `count` found.
 */
function keysOf<T extends PgTable>(db: Reader, source: PageSource<T>, counted: Counted): SQL {
  if (counted.capped && source.firstKeys) return source.firstKeys(SEARCH_KEYS);
  const keyset = source.keyset as Keyset;
  const unique = keyset.columns[keyset.columns.length - 1] as PgColumn;
  const total = counted.capped ? Number.POSITIVE_INFINITY : counted.total;
  return db
    .select({ key: unique })
    .from(source.table as PgTable)
    .where(source.where)
    .orderBy(...(typeof source.orderBy === 'function' ? source.orderBy(total) : source.orderBy))
    .limit(SEARCH_KEYS)
    .getSQL();
}

/**
 * The search's first keys (`keysOf`) and the tables' version, read in one statement; the keys as JSON, which the
 * driver parses natively: 13 µs of CPU for 1,100 ids, where its parser of an array took 190 µs.
 */
async function keysAndVersion<T extends PgTable>(
  db: Db,
  source: PageSource<T>,
  tables: string[],
  counted: Counted,
): Promise<{ version: string; keys: unknown[] }> {
  const read = (await db.execute(
    sql`select ${versionSql(tables)} as version, to_json(array(${keysOf(db, source, counted)})) as keys`,
  )) as unknown as { rows: { version: string; keys: unknown[] }[] };
  const [row] = read.rows;
  return { version: row?.version ?? '0', keys: row?.keys ?? [] };
}

/**
 * A search's matches counted to the cap in `order` (an index's: paging.ts `countUpTo`) and, past the cap, the rows
 * of the page `query` asks by `firstKeys`, in one statement, which is one snapshot: for a search whose first page
 * counts and then reads its keys (a name's start), the whole page in one round trip (docs/performance.md, "The CPU
 * of a name's first page"). Past the cap the total is the cap, so the page's place is known before the count is
 * read. A search asked before also has its first SEARCH_KEYS keys and the tables' version read with it, kept for
 * its other pages; asked for the first time, only as many keys as its page reaches are read (most searches are
 * asked once: a name's start walked 234 blocks for 1,100 keys where its first page needed 134 for ten). Keys and
 * rows come as JSON, which the driver parses natively, not as an array or rows of text it parses in JavaScript.
 * The statement is prepared by its text (`executeNamed`: a few texts, the same for every term), which saved about
 * 0.1 ms of PostgreSQL's CPU a name's first page.
 */
export async function countWithPage<T extends PgTable>(
  db: Db,
  query: { page: number; limit: number },
  list: { table: T; where: SQL; keyset: Keyset },
  order: SQL,
  firstKeys: (limit: number) => SQL,
): Promise<Counted> {
  const { table, where, keyset } = list;
  const meta = pageMeta(query, SEARCH_COUNT_CAP, true);
  const from = (meta.page - 1) * meta.limit;
  const unique = keyset.columns[keyset.columns.length - 1] as PgColumn;
  const past = sql`found.total > ${sql.raw(String(SEARCH_COUNT_CAP))}`;
  const keep = wasAsked(list);
  const pageKeys = keep
    ? sql`kept.keys[${from + 1}:${from + meta.limit}]`
    : sql`array(select k.key from (${firstKeys(from + meta.limit)}) as k(key) offset ${from})`;
  // `offset 0` keeps `kept` a subquery of its own: pulled up, its keys were walked once for each use of them.
  const kept = keep
    ? sql`cross join lateral (select case when ${past} then ${versionSql([getTableName(table)])} end as version,
        case when ${past} then array(${firstKeys(SEARCH_KEYS)}) end as keys offset 0) as kept`
    : sql``;
  const [read] = await executeNamed<{
    total: number;
    version: string | null;
    keys: unknown[] | null;
    rows: Record<string, unknown>[] | null;
  }>(
    db,
    sql`select found.total,
      ${keep ? sql`kept.version, to_json(kept.keys)` : sql`null as version, null`} as keys,
      case when ${past} then (select coalesce(json_agg(page), '[]') from (select * from ${table}
        where ${unique} = any(${pageKeys}) order by ${keysetOrder(keyset)}) as page) end as rows
    from (select count(*)::int as total from
      (select 1 from ${table} where ${where} order by ${order} limit ${SEARCH_COUNT_CAP + 1}) as matches) as found
    ${kept}`,
  );
  const { total = 0, version = null, keys = null, rows = null } = read ?? {};
  if (total <= SEARCH_COUNT_CAP) return { total, capped: false };
  const capped = { total: SEARCH_COUNT_CAP, capped: true };
  if (!rows) return capped;
  const page = { rows: rowsOf(table, rows), meta };
  return version !== null && keys ? { ...capped, kept: { version, keys }, page } : { ...capped, page };
}

/** Rows read as JSON (`row_to_json`: by the columns' names) as drizzle's select gives them. */
function rowsOf(table: PgTable, json: Record<string, unknown>[]): unknown[] {
  const columns = Object.entries(getTableColumns(table));
  return json.map((read) =>
    Object.fromEntries(
      columns.map(([field, column]) => {
        const value = read[column.name];
        return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ),
  );
}
