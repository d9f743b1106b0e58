/**
 * Members as other areas' lists show and search them (bonuses, withdrawals): their names by id, a
 * condition on a user id column that a search term matches, and whether a user is a member at all.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';

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

/** Rows whose `userId` names a member whose first or last name (or email, when asked) holds `term`. */
export function memberMatches(userId: PgColumn, term: string | undefined, withEmail = false): SQL | undefined {
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const matches = or(
    sql`${users.firstname} ilike ${pattern}`,
    sql`${users.lastname} ilike ${pattern}`,
    withEmail ? sql`${users.email} ilike ${pattern}` : undefined,
  );
  return sql`${userId} in (select ${users.id} from ${users} where ${matches})`;
}
