/** Blast counts and today's income, read from the message logs and the ledger (DESIGN §4: logs are the source). */
import { count, eq, gte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageLogs } from '../../db/schema.ts';
import { incomeSince } from '../../ledger/balance.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { startOfBusinessDay } from '../../lib/business-day.ts';

export function createMessageLogService(db: Db, timeZone: string) {
  async function successFail(where: SQL | undefined) {
    const rows = await db
      .select({ status: messageLogs.status, total: count() })
      .from(messageLogs)
      .where(where)
      .groupBy(messageLogs.status);
    const of = (status: string) => rows.find((row) => row.status === status)?.total ?? 0;
    return { success: of('success'), fail: of('fail') };
  }

  return {
    async countFor(actor: Actor, userId: number) {
      requireAccess(actor, { owner: userId });
      const { success, fail } = await successFail(eq(messageLogs.user_id, userId));
      return { successCount: success, failCount: fail };
    },
    async todayIncome(actor: Actor, userId: number): Promise<number> {
      requireAccess(actor, { owner: userId });
      return incomeSince(db, userId, startOfBusinessDay(timeZone));
    },
    today: () => successFail(gte(messageLogs.sent_at, startOfBusinessDay(timeZone))),
    total: () => successFail(undefined),
  };
}

export type MessageLogService = ReturnType<typeof createMessageLogService>;
