/**
 * Deep pages without reading every row before them (issue 21). `OFFSET 900000` walks 900,000 rows; here a
 * list remembers, per filter, its exact total and the sort key of every ANCHOR_EVERY-th row (built by one
 * ordered scan the first time a page past the first anchor is asked), so that a page seeks to the anchor
 * before it and skips fewer than ANCHOR_EVERY rows.
 *
 * What is remembered is only as good as the data it was read from: it is tagged with the version of the
 * list's tables, which statement triggers (migration `list_version_triggers`) raise in the writing
 * transaction. The version, the total, the anchors and the page are all read in one snapshot, so a page is
 * exactly the rows `ORDER BY … OFFSET … LIMIT` gives in that snapshot, on any number of server nodes: a node
 * whose memory names another version counts and builds again. Writers seldom wait on each other for it: each
 * adds to the slot of its own backend. A search, counted to a cap, remembers instead the keys of its matches
 * as far as its pages reach (`searchOf`).
 */
import { getTableName, inArray, is, SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { listVersions } from '../db/schema.ts';

/** Rows between anchors: the most a page skips, and 1,000,000 rows keep 3,907 keys. */
export const ANCHOR_EVERY = 256;
/** Lists (one per table and filter) each node remembers, the least recently read forgotten first. */
const REMEMBERED_LISTS = 200;

/**
 * Tables whose every list-relevant change raises their version: those with a `…_list_changed` trigger.
 * phone_numbers and message_logs raise it only for the columns their lists filter or order by (the trigger
 * names them); a filter on another of their columns must first be added to the trigger.
 */
export const VERSIONED_TABLES: ReadonlySet<string> = new Set([
  'phone_numbers',
  'message_logs',
  'users',
  'proxies',
  'audit_log',
  'withdrawals',
  'generators',
  'validators',
  'generator_results',
  'validator_results',
]);

/** A list's order as a seek needs it: not-null columns, all one direction, the last one unique. */
export interface Keyset {
  columns: PgColumn[];
  desc: boolean;
}

type Tx = Pick<Db, 'select'>;

/** The snapshot a list's version, total, anchors or keys and page are read in together. */
export const ONE_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

interface List {
  version: string;
  total: Promise<number>;
  /** anchors[i]: the key, as text, of the row at position i * ANCHOR_EVERY (from 0). */
  anchors?: Promise<string[][]>;
  /** The same once read: a page of this version can then be read with the version in one statement. */
  counted?: number;
  anchored?: string[][];
}

/**
 * A search's first matches (issue 24): the unique key (the keyset's last column) of each of its matches in the
 * list's order, as far as the pages its capped count names reach (lib/paging.ts SEARCH_KEYS). A common name's
 * start sorted its 55,555 matches for every page; now once a version, and a page reads its rows by key.
 */
interface Search {
  /**
   * None yet when the search was asked once, and its page read without its keys (`askedBefore`), or while
   * `readSearch` reads them with it.
   */
  version?: string;
  keys?: Promise<unknown[]>;
  /** The same once read. */
  found?: unknown[];
}

const dialect = new PgDialect();
const lists = new Map<string, List>();
const searches = new Map<string, Search>();

/** `value` as `key`'s, the most recently read; the least recently read forgotten past REMEMBERED_LISTS. */
function keep<T>(map: Map<string, T>, key: string, value: T) {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= REMEMBERED_LISTS) break;
    map.delete(oldest);
  }
}

/**
 * The tables' version as a snapshot sees them: the sum of their slots. Each committed change adds to it and a
 * later snapshot sees every change an earlier one saw, so two snapshots with one sum see the same rows.
 */
export function versionSql(tables: string[]): SQL<string> {
  return sql<string>`(select coalesce(sum(${listVersions.version}), 0)::text from ${listVersions}
    where ${inArray(listVersions.table_name, tables)})`;
}

export async function versionOf(tx: Tx, tables: string[]): Promise<string> {
  const [row] = await tx
    .select({ version: sql<string>`coalesce(sum(${listVersions.version}), 0)::text` })
    .from(listVersions)
    .where(inArray(listVersions.table_name, tables));
  return row?.version ?? '0';
}

/**
 * The remembered list's name: its table and order by their names, its filter as PostgreSQL reads it. Asked on
 * every page, it compiled the whole `select … where … order by …` each time (docs/performance.md): the table
 * and the order need no compiling, and a filter object is compiled once however often it is asked about.
 */
export function listKey(table: PgTable, where: SQL | undefined, keyset: Keyset): string {
  const order = keyset.columns.map((column) => column.name).join(',');
  return `${getTableName(table)}\u0000${order} ${keyset.desc ? 'desc' : 'asc'}\u0000${where ? filterKey(where) : ''}`;
}

/** Each filter's compiled text and values, for as long as its object lives (a page asks twice, on a miss). */
const filterKeys = new WeakMap<SQL, string>();

function filterKey(where: SQL): string {
  // `and()` of one condition wraps it in a new object on every call, and the condition may be a constant.
  const [only, ...more] = where.queryChunks;
  if (more.length === 0 && is(only, SQL)) return filterKey(only);
  let key = filterKeys.get(where);
  if (key === undefined) {
    const query = dialect.sqlToQuery(where);
    key = `${query.sql}\u0000${JSON.stringify(query.params)}`;
    filterKeys.set(where, key);
  }
  return key;
}

export function keysetOrder({ columns, desc }: Keyset): SQL {
  return sql.join(
    columns.map((column) => sql`${column} ${sql.raw(desc ? 'desc' : 'asc')}`),
    sql`, `,
  );
}

/**
 * The list's remembered total and anchors if they are of this snapshot's version, else fresh ones counted in
 * this snapshot. Requests of the same version share one count and one scan, whichever started it: the same
 * version is the same rows.
 */
export function listOf(
  tx: Tx,
  version: string,
  source: { table: PgTable; where: SQL | undefined; keyset: Keyset },
  count: () => Promise<number>,
): { total: Promise<number>; anchors: () => Promise<string[][]> } {
  const key = listKey(source.table, source.where, source.keyset);
  let list = lists.get(key);
  if (list?.version !== version) {
    const fresh: List = { version, total: count() };
    fresh.total.then(
      (total) => {
        fresh.counted = total;
      },
      forget(lists, key, fresh),
    );
    list = fresh;
  }
  keep(lists, key, list);
  const current = list;
  return {
    total: current.total,
    anchors: () => {
      if (!current.anchors) {
        current.anchors = buildAnchors(tx, source);
        current.anchors.then(
          (anchors) => {
            current.anchored = anchors;
          },
          forget(lists, key, current),
        );
      }
      return current.anchors;
    },
  };
}

/** What this node has read of the list, whichever version that was; the reader checks the version. */
export function remembered(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }) {
  const list = lists.get(listKey(source.table, source.where, source.keyset));
  if (list?.counted === undefined) return undefined;
  return { version: list.version, total: list.counted, anchors: list.anchored };
}

function forget<T>(map: Map<string, T>, key: string, value: T) {
  return () => {
    if (map.get(key) === value) map.delete(key);
  };
}

/**
 * The search's first keys (`Search`) if they are of this snapshot's version, else `read()`'s, read in this
 * snapshot; requests of one version share one read, as they share a list's count.
 */
export function searchOf(
  version: string,
  source: { table: PgTable; where: SQL | undefined; keyset: Keyset },
  read: () => Promise<unknown[]>,
): Promise<unknown[]> {
  const key = listKey(source.table, source.where, source.keyset);
  const known = searches.get(key);
  if (known?.keys && known.version === version) {
    keep(searches, key, known);
    return known.keys;
  }
  const keys = read();
  const fresh: Search = { version, keys };
  keys.then(
    (found) => {
      fresh.found = found;
    },
    forget(searches, key, fresh),
  );
  keep(searches, key, fresh);
  return keys;
}

/**
 * `read()`'s keys of the search and the version they are of, read together (one statement, so one snapshot),
 * kept as the search's from then on; a request asking meanwhile waits for them (`searchRead`).
 */
export function readSearch(
  source: { table: PgTable; where: SQL | undefined; keyset: Keyset },
  read: () => Promise<{ version: string; keys: unknown[] }>,
): Promise<unknown> {
  const key = listKey(source.table, source.where, source.keyset);
  const reading = read();
  const fresh: Search = { keys: reading.then((found) => found.keys) };
  // Its waiters catch a failure; the read's own caller is told of it through `reading`.
  fresh.keys?.catch(() => undefined);
  reading.then(
    (found) => {
      fresh.version = found.version;
      fresh.found = found.keys;
    },
    forget(searches, key, fresh),
  );
  keep(searches, key, fresh);
  return reading;
}

/**
 * Whether this node was asked the search before (in any version); it is remembered as asked from now on. Most
 * searches of few matches are asked once, typed on past or a number looked up, and their first page costs less
 * read alone.
 */
export function askedBefore(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }): boolean {
  const key = listKey(source.table, source.where, source.keyset);
  const search = searches.get(key);
  keep(searches, key, search ?? {});
  return search !== undefined;
}

/** Whether this node was asked the search before, as `askedBefore` says, without remembering it as asked. */
export function wasAsked(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }): boolean {
  return searches.has(listKey(source.table, source.where, source.keyset));
}

/** The read of the search's keys under way on this node, if one is. */
export function searchRead(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }) {
  const search = searches.get(listKey(source.table, source.where, source.keyset));
  return search?.found === undefined ? search?.keys : undefined;
}

/**
 * The search's keys of `version` found stale (another version was read beside them): forgotten, the search still
 * counting as asked, so that the rest of the request does not read them again (a name's first page after a change
 * read its stale keys twice, once to answer the probe and once for the page). Keys another request has read or is
 * reading meanwhile are kept.
 */
export function staleSearch(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }, version: string) {
  const key = listKey(source.table, source.where, source.keyset);
  if (searches.get(key)?.version === version) keep(searches, key, {});
}

/** The search's first keys this node has read, whichever version that was; the reader checks the version. */
export function rememberedSearch(source: { table: PgTable; where: SQL | undefined; keyset: Keyset }) {
  const search = searches.get(listKey(source.table, source.where, source.keyset));
  if (search?.found === undefined || search.version === undefined) return undefined;
  return { version: search.version, keys: search.found };
}

/** One ordered scan of the matches, keeping every ANCHOR_EVERY-th key as text (a timestamp's microseconds too). */
async function buildAnchors(tx: Tx, source: { table: PgTable; where: SQL | undefined; keyset: Keyset }) {
  const keys = sql.join(
    source.keyset.columns.map((column) => sql`${column}::text`),
    sql`, `,
  );
  const numbered = tx
    .select({
      key: sql<string[]>`array[${keys}]`.as('key'),
      n: sql<number>`row_number() over (order by ${keysetOrder(source.keyset)})`.as('n'),
    })
    .from(source.table)
    .where(source.where)
    .as('numbered');
  const rows = await tx
    .select({ key: numbered.key })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${ANCHOR_EVERY} = 0`)
    .orderBy(numbered.n);
  return rows.map((row) => row.key);
}

/** The type a key's text is read back as: a serial column's values are integers. */
function typeOf(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer';
  if (type === 'bigserial') return 'bigint';
  return type;
}

/** Rows at or after the anchor `key` in the keyset's order. */
export function fromAnchor(keyset: Keyset, key: string[]): SQL {
  const columns = sql.join(keyset.columns, sql`, `);
  const values = sql.join(
    keyset.columns.map((column, index) => sql`${key[index]}::${sql.raw(typeOf(column))}`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(keyset.desc ? '<=' : '>=')} (${values})`;
}
