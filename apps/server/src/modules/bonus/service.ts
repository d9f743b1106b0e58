/**
 * Bonuses given to members by admins and devs (spec part 2 §2, §6): admins and devs give, delete and read
 * every member's; a member reads their own. Money moves only in `ledger/bonus.ts`, under the member's lock.
 */
import type { TBonus, TBonusAnswer, TBonusCreate, TBonusPage, TBonusPageQuery } from '@sewablast/contract/bonus';
import { BONUS_TEXT } from '@sewablast/contract/bonus-text';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses } from '../../db/schema.ts';
import { type BonusRow, giveBonus, revokeBonus } from '../../ledger/bonus.ts';
import { moneyTransaction } from '../../ledger/transaction.ts';
import { requireAccess, visibleRows } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { answerOnce, type KeptStatus } from '../../lib/idempotency.ts';
import { paged } from '../../lib/paging.ts';
import { isMember, type MemberNames, memberMatches, memberNames } from '../users/names.ts';

function present(row: BonusRow, names: MemberNames): TBonus {
  const name = names.get(row.user_id);
  return {
    id: row.id,
    nominal: row.nominal,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    userId: row.user_id,
    adminId: row.admin_id,
    User: { firstname: name?.firstname ?? '', lastname: name?.lastname ?? '' },
  };
}

export function createBonusService(db: Db, keptStatus: KeptStatus) {
  async function presentAll(rows: BonusRow[]): Promise<TBonus[]> {
    const names = await memberNames(
      db,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) => present(row, names));
  }

  return {
    async totalFor(actor: Actor, userId: number): Promise<number> {
      requireAccess(actor, { owner: userId });
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${bonuses.nominal}), 0)` })
        .from(bonuses)
        .where(and(eq(bonuses.user_id, userId), isNull(bonuses.revoked_at)));
      return Number(row?.total ?? 0);
    },

    /** A page of bonuses, newest first: a member's own; anyone's (or `user_id`'s) for admins and devs. */
    async page(actor: Actor, query: TBonusPageQuery): Promise<TBonusPage> {
      const where = and(
        isNull(bonuses.revoked_at),
        visibleRows(actor, bonuses.user_id, query.user_id),
        memberMatches(bonuses.user_id, query.search),
      );
      const page = await paged(db, query, { table: bonuses, where, orderBy: [desc(bonuses.id)] }, presentAll);
      return { ...page, msg: BONUS_TEXT.listed };
    },

    /**
     * Credits the member in the same transaction as the bonus row; the giver is always the caller. Only
     * members receive bonuses, or a dev or admin could pay themselves and withdraw it: any other user is
     * answered as one that does not exist. A repeated `key` answers the bonus its first call gave.
     */
    async create(actor: Actor, input: TBonusCreate, key?: string): Promise<TBonusAnswer> {
      requireAccess(actor, { group: 'managers' });
      const { userId, ...bonus } = input;
      const noMember = () => {
        throw notFound(BONUS_TEXT.memberNotFound);
      };
      const answer = await moneyTransaction(
        db,
        userId,
        (tx, user) =>
          answerOnce<TBonusAnswer, never>(
            tx,
            keptStatus,
            actor.id,
            { key, operation: 'bonus.create', body: input },
            async () => {
              if (!(await isMember(tx, user.id))) return noMember();
              const row = await giveBonus(tx, user, bonus, actor.id);
              return { body: { msg: BONUS_TEXT.created, data: present(row, new Map([[user.id, user]])) } };
            },
          ),
        noMember,
      );
      return answer.body;
    },

    async remove(actor: Actor, id: number): Promise<{ msg: string }> {
      requireAccess(actor, { group: 'managers' });
      const [found] = await db
        .select({ user_id: bonuses.user_id })
        .from(bonuses)
        .where(and(eq(bonuses.id, id), isNull(bonuses.revoked_at)));
      if (!found) throw notFound(BONUS_TEXT.notFound);
      await moneyTransaction(
        db,
        found.user_id,
        (tx, user) => revokeBonus(tx, user, id, actor.id),
        () => {
          throw notFound(BONUS_TEXT.notFound);
        },
      );
      return { msg: BONUS_TEXT.deleted };
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
