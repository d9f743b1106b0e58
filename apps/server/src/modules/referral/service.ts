/**
 * A member's referees (spec part 2 §2 Referral): each with the referral shares their blasts brought the
 * member; and for admins and devs every referral of the service. `recordSend` writes a share as a `referral`
 * entry of the referrer referring to the referee's message log, whose `user_id` is the referee; so the
 * income per referee is a join, with nothing stored twice.
 */
import type {
  TReferral,
  TReferralLink,
  TReferralPage,
  TReferralPageQuery,
  TReferralsPage,
  TReferralsQuery,
} from '@sewablast/contract/referral';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, messageLogs, users } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import { paged } from '../../lib/paging.ts';
import { memberMatches } from '../users/names.ts';

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

  /** Every referral share of the service, or of one referrer. */
  async function totalShares(referrerId?: number): Promise<number> {
    const [sum] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        referrerId === undefined
          ? and(eq(ledgerEntries.kind, 'referral'), eq(ledgerEntries.ref_table, 'message_logs'))
          : sharesOf(referrerId),
      );
    return Number(sum?.total ?? 0);
  }

  /** What each referee brought their own referrer, in one query over the referees' logs. */
  async function incomeOfReferees(referees: Referee[]): Promise<Map<number, number>> {
    if (referees.length === 0) return new Map();
    const rows = await db
      .select({
        refereeId: messageLogs.user_id,
        referrerId: ledgerEntries.user_id,
        income: sql<string>`sum(${ledgerEntries.amount})`,
      })
      .from(ledgerEntries)
      .innerJoin(messageLogs, eq(messageLogs.id, ledgerEntries.ref_id))
      .where(
        and(
          eq(ledgerEntries.kind, 'referral'),
          eq(ledgerEntries.ref_table, 'message_logs'),
          inArray(
            messageLogs.user_id,
            referees.map((row) => row.id),
          ),
        ),
      )
      .groupBy(messageLogs.user_id, ledgerEntries.user_id);
    const referrerOf = new Map(referees.map((row) => [row.id, row.referred_by]));
    return new Map(
      rows
        .filter((row) => referrerOf.get(row.refereeId) === row.referrerId)
        .map((row) => [row.refereeId, Number(row.income)]),
    );
  }

  async function peopleById(ids: number[]): Promise<Map<number, TReferralLink['referrer']>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    /**
     * Every referral of the service for admins and devs, newest sign-up first; `search` finds a word in the
     * referee's or the referrer's name or email.
     */
    async all(actor: Actor, query: TReferralsQuery): Promise<TReferralsPage> {
      requireAccess(actor, { group: 'managers' });
      const where = and(
        isNotNull(users.referred_by),
        query.search
          ? or(memberMatches(users.id, query.search, true), memberMatches(users.referred_by, query.search, true))
          : undefined,
      );
      const present = async (rows: Referee[]): Promise<TReferralLink[]> => {
        const [income, referrers] = await Promise.all([
          incomeOfReferees(rows),
          peopleById(rows.map((row) => row.referred_by ?? 0)),
        ]);
        return rows.map((row) => ({
          referee: { id: row.id, firstname: row.firstname, lastname: row.lastname, email: row.email },
          referrer: referrers.get(row.referred_by ?? 0) ?? {
            id: row.referred_by ?? 0,
            firstname: '',
            lastname: '',
            email: '',
          },
          createdAt: row.created_at.toISOString(),
          income: income.get(row.id) ?? 0,
        }));
      };
      const [page, total] = await Promise.all([
        paged(db, query, { table: users, where, orderBy: [desc(users.id)] }, present),
        totalShares(),
      ]);
      return { ...page, total };
    },

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
      return { list: page.data, total: await totalShares(referrerId), meta: page.meta };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
