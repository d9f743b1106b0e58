/** Bonuses given to members by admins and devs. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';

export function createBonusService(db: Db) {
  return {
    async totalFor(actor: Actor, userId: number): Promise<number> {
      requireAccess(actor, { owner: userId });
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${bonuses.nominal}), 0)` })
        .from(bonuses)
        .where(eq(bonuses.user_id, userId));
      return Number(row?.total ?? 0);
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
