/**
 * Bonuses given to members by admins and devs (spec part 2 §2, §6): admins and devs give, delete and read
 * every member's; a member reads their own. Money moves only in `ledger/bonus.ts`, under the member's lock.
 */
import {
  BONUS_TEXT,
  type TBonus,
  type TBonusAnswer,
  type TBonusCreate,
  type TBonusPage,
  type TBonusPageQuery,
} from '@sewablast/contract/bonus';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses, users } from '../../db/schema.ts';
import { type BonusRow, giveBonus, revokeBonus } from '../../ledger/bonus.ts';
import { moneyTransaction } from '../../ledger/transaction.ts';
import { requireAccess, seesAll } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { escapeLike } from '../../lib/like.ts';
import { paged } from '../../lib/paging.ts';

type Names = Map<number, { firstname: string; lastname: string }>;

function present(row: BonusRow, names: Names): TBonus {
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

export function createBonusService(db: Db) {
  async function presentAll(rows: BonusRow[]): Promise<TBonus[]> {
    const ids = [...new Set(rows.map((row) => row.user_id))];
    const found = ids.length
      ? await db
          .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const names: Names = new Map(found.map((user) => [user.id, user]));
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
      const userId = query.user_id ?? (seesAll(actor) ? undefined : actor.id);
      if (userId !== undefined) requireAccess(actor, { owner: userId });
      const search = query.search ? `%${escapeLike(query.search)}%` : undefined;
      const where = and(
        isNull(bonuses.revoked_at),
        userId === undefined ? undefined : eq(bonuses.user_id, userId),
        search
          ? sql`${bonuses.user_id} in (select ${users.id} from ${users}
              where ${users.firstname} ilike ${search} or ${users.lastname} ilike ${search})`
          : undefined,
      );
      const page = await paged(db, query, { table: bonuses, where, orderBy: [desc(bonuses.id)] }, presentAll);
      return { ...page, msg: BONUS_TEXT.listed };
    },

    /** Credits the member in the same transaction as the bonus row; the giver is always the caller. */
    async create(actor: Actor, input: TBonusCreate): Promise<TBonusAnswer> {
      requireAccess(actor, { group: 'managers' });
      const { userId, ...bonus } = input;
      return moneyTransaction(
        db,
        userId,
        async (tx, user) => ({
          msg: BONUS_TEXT.created,
          data: present(await giveBonus(tx, user, bonus, actor.id), new Map([[user.id, user]])),
        }),
        () => {
          throw notFound(BONUS_TEXT.memberNotFound);
        },
      );
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
