/**
 * A common name's start in the list's order, newest first, without sorting all its matches (issue 24). A
 * start whose tens of thousands of matches an import put among the oldest numbers ('nama 1': 55,556 of them,
 * ids 100,000–199,999 and below) either sorted them all (1,867 buffers, 45–110 ms) or walked the id key from
 * the newest through 800,000 numbers before the first. `phone_numbers_name_block_idx` holds each number's
 * name under its block of NAME_BLOCK ids, so the blocks are read from the newest down, each one a range of
 * that index and a sort of that block's matches alone, until enough are found: an empty block is one probe
 * of the index (docs/performance.md, "The first page of a common start").
 */
import { type SQL, sql } from 'drizzle-orm';
import { NAME_BLOCK, phoneNumbers } from '../../db/schema.ts';

/** Written out, not bound: the planner uses the index only for the expression it was built on. */
const block = sql.raw(String(NAME_BLOCK));

/**
 * The statement of the ids of the newest `limit` numbers matching `where`, newest first: `where` must hold a
 * range of `lower(name)` (like.ts `startsWith`) for the index to answer each block.
 */
export function newestMatches(where: SQL, limit: number): SQL {
  const id = phoneNumbers.id;
  // A lateral read is a nested loop over its outer rows in their order, and a function scan gives the series in
  // its order: the blocks come newest first, each block's matches newest first, and the limit stops the loop.
  return sql`select m.id from
      generate_series((select max(${id}) from ${phoneNumbers}) / ${block}, 0, -1) as b(n)
      cross join lateral (select ${id} as id from ${phoneNumbers}
        where ${id} / ${block} = b.n and ${where} order by ${id} desc limit ${limit}) as m
      limit ${limit}`;
}
