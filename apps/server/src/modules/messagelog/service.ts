/** Blast counts and a member's income, read from the message logs and the ledger (DESIGN §4: logs are the source). */
import type { TBlastDaily, TIncomeDaily } from '@sewablast/contract/dashboard';
import { and, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageLogs } from '../../db/schema.ts';
import { incomePerDay, incomeSince } from '../../ledger/balance.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { startOfBusinessDay } from '../../lib/business-day.ts';
import { dailyWindow } from '../../lib/daily-series.ts';

/** Naming both statuses lets a bound on `sent_at` use the (status, sent_at) index, which leads with status. */
const counted = inArray(messageLogs.status, ['success', 'fail']);
const successes = sql<number>`count(*) filter (where ${messageLogs.status} = 'success')`.mapWith(Number);
const failures = sql<number>`count(*) filter (where ${messageLogs.status} = 'fail')`.mapWith(Number);
/** Only a success has a WhatsApp id, so only a success is ever marked delivered (engine/session/receipts.ts). */
const deliveries = sql<number>`count(*) filter (where ${messageLogs.delivered_at} is not null)`.mapWith(Number);

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
      const [row] = await db
        .select({ success: successes, fail: failures, delivered: deliveries })
        .from(messageLogs)
        .where(eq(messageLogs.user_id, userId));
      return { successCount: row?.success ?? 0, failCount: row?.fail ?? 0, deliveredCount: row?.delivered ?? 0 };
    },
    async todayIncome(actor: Actor, userId: number): Promise<number> {
      requireAccess(actor, { owner: userId });
      return incomeSince(db, userId, startOfBusinessDay(timeZone));
    },
    /** A user's income per business day, the last `days` days, as the ledger credited it. */
    async incomeDaily(actor: Actor, userId: number, days: number, now = new Date()): Promise<TIncomeDaily> {
      requireAccess(actor, { owner: userId });
      return { list: await incomePerDay(db, userId, timeZone, days, now) };
    },
    today: () => successFail(and(counted, gte(messageLogs.sent_at, startOfBusinessDay(timeZone)))),
    total: () => successFail(undefined),

    /** Successful and failed blasts of every member per business day, the last `days` days. */
    async daily(days: number, now = new Date()): Promise<TBlastDaily> {
      const window = dailyWindow(timeZone, days, now);
      const rows = await db
        .select({ day: window.dayOf(messageLogs.sent_at), success: successes, fail: failures })
        .from(messageLogs)
        .where(and(counted, window.since(messageLogs.sent_at)))
        .groupBy(sql`1`);
      return { list: window.fill(rows, { success: 0, fail: 0 }) };
    },
  };
}

export type MessageLogService = ReturnType<typeof createMessageLogService>;
