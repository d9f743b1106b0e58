import { PAGE_SIZE } from '@sewablast/contract/paging';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** Escapes LIKE wildcards so that a search for `50%` matches the text, not a pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The shortest search found anywhere in a text. A trigram index (pg_trgm) answers `like '%term%'` only from
 * three characters: a shorter pattern has no trigram to look up and reads the whole index, so one or two
 * characters find the text's start instead, through the btree pattern index beside it (docs/decisions.md).
 */
export const SUBSTRING_FROM = 3;

/** The LIKE pattern of a search: `term` anywhere from SUBSTRING_FROM characters, at the start below that. */
export function searchPattern(term: string): string {
  const escaped = escapeLike(term);
  return [...term].length >= SUBSTRING_FROM ? `%${escaped}%` : `${escaped}%`;
}

/**
 * A term that begins at least this many texts (a page of the lists' default size) searches their start only:
 * the person is typing how names begin. Looked for anywhere, a term sharing its words with the whole list
 * ('nama 123' where every name is 'Nama …') reads the trigram index's posting lists of those words, a million
 * entries each: 7 ms a search on one core against under 1 ms on the btree (docs/decisions.md).
 */
export const STARTS_ENOUGH = PAGE_SIZE;

/**
 * `text` begins with `term` (lowercase, unescaped), as a range of the btree pattern index: `text like 'term%'`
 * is also one a trigram index answers, and where the planner's histogram puts a bound inside the term's range
 * it guesses a hundredth of the table and reads the trigram index instead: the posting lists of 'nam', 'ama'
 * … that every name holds, 143 ms for a count that reads 0.5 ms on the btree (docs/performance.md). Pattern
 * operators compare bytes, and UTF-8's byte order is its code points': the texts that begin with `term` are
 * exactly those from `term` up to, not including, `term` with its last character one higher.
 */
export function startsWith(text: SQL, term: string): SQL {
  const chars = [...term];
  const last = chars.pop()?.codePointAt(0);
  const next = last === undefined ? undefined : last + 1;
  // No character follows U+10FFFF, and none is a lone surrogate: the start's like checks the rest.
  if (next === undefined || next > 0x10ffff || (next >= 0xd800 && next <= 0xdfff)) {
    return sql`${text} ~>=~ ${term} and ${text} like ${`${escapeLike(term)}%`}`;
  }
  return sql`${text} ~>=~ ${term} and ${text} ~<~ ${chars.join('') + String.fromCodePoint(next)}`;
}

/**
 * The btree pattern index's own order of `text`: a read of a start in it walks that index's range and stops at
 * its limit. Without an order, where the planner expects a start in a twentieth of a million names it reads
 * them by a sequential scan it means to stop early; but concurrent sequential scans of a large table start
 * where another one is (`synchronize_seqscans`), so under load such a read began among other names and read
 * up to the whole table (multi-second pages at 50 clients, `phone-search`; docs/performance.md).
 */
export function patternOrder(text: SQL): SQL {
  return sql`${text} using ~<~`;
}

/**
 * Whether at least STARTS_ENOUGH rows of `table` match `starts`, a condition its btree pattern index answers,
 * read in that index's order (`patternOrder`) when given.
 */
export async function startsEnough(db: Db, table: PgTable, starts: SQL, order?: SQL): Promise<boolean> {
  const read = db.select({ one: sql`1` }).from(table).where(starts);
  const found = await (order ? read.orderBy(order) : read).limit(STARTS_ENOUGH);
  return found.length >= STARTS_ENOUGH;
}

/** A word the planner expects in more than this share of the rows is shared: its trigrams' lists are long. */
const SHARED_WORD = 0.01;

/**
 * Those of `words` that the planner, from the column's statistics (its histogram, matched against each
 * pattern), expects in at most SHARED_WORD of `table`'s rows. A trigram index reads the whole posting list of
 * every trigram a pattern holds: 'nama 123457' where half the names are 'Nama …' read 490 pages for one row,
 * where '123457' alone reads a few (docs/decisions.md).
 */
export async function rareWords(db: Db, table: PgTable, text: SQL, words: string[]): Promise<string[]> {
  const estimate = async (where: SQL) => {
    const plan = (await db.execute(sql`explain select 1 from ${table} where ${where}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    return Number(/rows=(\d+)/.exec(String(Object.values(plan.rows[0] ?? {})[0]))?.[1] ?? 0);
  };
  const [all, ...each] = await Promise.all([
    estimate(sql`true`),
    ...words.map((word) => estimate(sql`${text} like ${`%${escapeLike(word)}%`}`)),
  ]);
  return words.filter((_, i) => (each[i] ?? 0) <= Math.max(1, (all ?? 0) * SHARED_WORD));
}
