/**
 * Members as other areas' lists show and search them (bonuses, withdrawals): their names by id, a
 * condition on a user id column that a search term matches, and whether a user is a member at all.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { escapeLike, SUBSTRING_FROM, searchPattern, startsEnough } from '../../lib/like.ts';

export type MemberNames = Map<number, { firstname: string; lastname: string }>;

/**
 * Whether `userId` names a member (not staff, an admin or a dev). Money given to members asks it inside
 * the transaction that locked the user, so a role change cannot slip in between the check and the credit.
 */
export async function isMember(db: Pick<Db, 'select'>, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'member')));
  return row !== undefined;
}

export async function memberNames(db: Db, ids: Iterable<number>): Promise<MemberNames> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(found.map((user) => [user.id, user]));
}

/**
 * A column of another area's statement: the full name ("first last") of the user `userId` names, null when it
 * names none. A scalar subquery on the primary key, so that a page's rows read their owners in the same statement.
 */
export function fullNameOf(userId: PgColumn): SQL<string | null> {
  const name = sql`select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${userId}`;
  // Nested: a select from one table writes the columns at its selection's top level without their table, which
  // would leave `userId` to whichever table in scope has such a column.
  return sql<string | null>`(${name})`;
}

/** The indexed expressions, written exactly as the indexes are, or PostgreSQL would not match them. */
export const FULL_NAME = sql`lower(${users.firstname} || ' ' || ${users.lastname})`;
const LAST_NAME = sql`lower(${users.lastname})`;

/**
 * Users whose full name, or email when asked, holds the term anywhere ('import' finds Ayu Import, 'budi san'
 * Budi Santoso), ignoring case: trigram indexes read it from three characters. One or two characters, or
 * `startOnly`, find the start of the full name, the last name or the email, on their btree pattern indexes
 * (lib/like.ts). Emails are stored lowercased, so their indexes need no lower().
 */
export function memberSearch(term: string | undefined, withEmail = true, startOnly = false): SQL | undefined {
  const words = term?.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!words) return undefined;
  const pattern = startOnly ? `${escapeLike(words)}%` : searchPattern(words);
  return or(
    sql`${FULL_NAME} like ${pattern}`,
    pattern.startsWith('%') ? undefined : sql`${LAST_NAME} like ${pattern}`,
    withEmail ? sql`${users.email} like ${pattern}` : undefined,
  );
}

/**
 * A list's search among `among` (members, the back office): the starts alone when at least STARTS_ENOUGH of
 * them begin with the term (lib/like.ts), else memberSearch's anywhere.
 */
export async function memberWhere(db: Db, among: SQL, term: string | undefined): Promise<SQL | undefined> {
  const starts = memberSearch(term, true, true);
  if (!starts || [...(term?.trim() ?? '')].length < SUBSTRING_FROM) return memberSearch(term);
  return (await startsEnough(db, users, and(among, starts) as SQL)) ? starts : memberSearch(term);
}

/** Rows whose `userId` names a user whose name (or email, when asked) holds `term`, as memberSearch finds them. */
export function memberMatches(userId: PgColumn, term: string | undefined, withEmail = false): SQL | undefined {
  const matches = memberSearch(term, withEmail);
  if (!matches) return undefined;
  return sql`${userId} in (select ${users.id} from ${users} where ${matches})`;
}

/** The tables a list searched by `memberMatches(…, term)` reads beside its own, for its page's `reads` (paging.ts). */
export const memberMatchReads = (term: string | undefined): PgTable[] => (term ? [users] : []);
