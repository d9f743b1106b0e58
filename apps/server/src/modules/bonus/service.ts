/** Bonuses given to members by admins and devs. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses } from '../../db/schema.ts';

export function createBonusService(db: Db) {
  return {
    async totalFor(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${bonuses.nominal}), 0)` })
        .from(bonuses)
        .where(eq(bonuses.user_id, userId));
      return Number(row?.total ?? 0);
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
