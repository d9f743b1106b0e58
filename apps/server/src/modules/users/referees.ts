/**
 * Referrals as the referral lists read them (spec part 2 §2 Referral): the users a member referred, every
 * referral of the service, and the people they name. A referral is a user's `referred_by`, so these are lists of
 * users, the rows of this area (DESIGN §2); each is a page source for `paged` (lib/paging.ts), read in one
 * statement as before.
 */
import type { TReferralLink } from '@sewablast/contract/referral';
import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { memberMatches } from './names.ts';

export type Referee = typeof users.$inferSelect;

/** `referrerId`'s referees, newest first. */
export function refereesOf(referrerId: number) {
  return { table: users, where: eq(users.referred_by, referrerId), orderBy: [desc(users.id)] };
}

/** Every referral, newest sign-up first; `search` finds a word in the referee's or the referrer's name or email. */
export function referralsMatching(search: string | undefined) {
  const where = and(
    isNotNull(users.referred_by),
    search ? or(memberMatches(users.id, search, true), memberMatches(users.referred_by, search, true)) : undefined,
  );
  return { table: users, where, orderBy: [desc(users.id)] };
}

/** The name and email of each of `ids`, in one query. */
export async function peopleById(db: Db, ids: number[]): Promise<Map<number, TReferralLink['referrer']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
