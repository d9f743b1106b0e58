/**
 * A member's referees (spec part 2 §2 Referral): each with the referral shares their blasts brought the
 * member. `recordSend` writes a share as a `referral` entry of the referrer referring to the referee's
 * message log, whose `user_id` is the referee; so the income per referee is a join, with nothing stored twice.
 */
import type { TReferral, TReferralPage, TReferralPageQuery } from '@sewablast/contract/referral';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, messageLogs, users } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import { paged } from '../../lib/paging.ts';

type Referee = typeof users.$inferSelect;

export function createReferralService(db: Db) {
  const sharesOf = (referrerId: number) =>
    and(
      eq(ledgerEntries.user_id, referrerId),
      eq(ledgerEntries.kind, 'referral'),
      eq(ledgerEntries.ref_table, 'message_logs'),
    );

  /** What each of `refereeIds` brought `referrerId`, in one query over the referrer's referral entries. */
  async function incomeBy(referrerId: number, refereeIds: number[]): Promise<Map<number, number>> {
    const rows = await db
      .select({ refereeId: messageLogs.user_id, income: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(messageLogs, eq(messageLogs.id, ledgerEntries.ref_id))
      .where(and(sharesOf(referrerId), inArray(messageLogs.user_id, refereeIds)))
      .groupBy(messageLogs.user_id);
    return new Map(rows.map((row) => [row.refereeId, Number(row.income)]));
  }

  return {
    /** The caller's own referees, newest first; only members fetch it (spec part 2 §6). */
    async page(actor: Actor, query: TReferralPageQuery): Promise<TReferralPage> {
      const referrerId = query.userId ?? actor.id;
      requireAccess(actor, { group: 'memberOnly' });
      // Nobody reads another member's referees: there is no role that manages this list.
      if (referrerId !== actor.id) throw forbidden(SERVER_TEXT.forbidden);
      const present = async (rows: Referee[]): Promise<TReferral[]> => {
        const income = await incomeBy(
          referrerId,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          id: row.id,
          firstname: row.firstname,
          lastname: row.lastname,
          email: row.email,
          income: income.get(row.id) ?? 0,
        }));
      };
      const page = await paged(
        db,
        query,
        { table: users, where: eq(users.referred_by, referrerId), orderBy: [desc(users.id)] },
        present,
      );
      const [sum] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(sharesOf(referrerId));
      return { list: page.data, total: Number(sum?.total ?? 0), meta: page.meta };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
