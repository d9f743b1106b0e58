/**
 * The referral shares as the referral lists read them: recordSend (record-send.ts) writes a share as a
 * `referral` entry of the referrer that refers to the referee's message log, whose `user_id` is the referee;
 * so what a referee brought is a join of the entries with the logs, with nothing stored twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, messageLogs } from '../db/schema.ts';

const isShare = () => and(eq(ledgerEntries.kind, 'referral'), eq(ledgerEntries.ref_table, 'message_logs'));
const sharesOf = (referrerId: number) => and(eq(ledgerEntries.user_id, referrerId), isShare());

/** What each of `refereeIds` brought `referrerId`, in one query over the referrer's referral entries. */
export async function sharesBy(db: Db, referrerId: number, refereeIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ refereeId: messageLogs.user_id, income: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(messageLogs, eq(messageLogs.id, ledgerEntries.ref_id))
    .where(and(sharesOf(referrerId), inArray(messageLogs.user_id, refereeIds)))
    .groupBy(messageLogs.user_id);
  return new Map(rows.map((row) => [row.refereeId, Number(row.income)]));
}

/** Every referral share of the service, or of one referrer. */
export async function totalShares(db: Db, referrerId?: number): Promise<number> {
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(referrerId === undefined ? isShare() : sharesOf(referrerId));
  return Number(sum?.total ?? 0);
}

/** What each referee brought their own referrer (`referredBy`), in one query over the referees' logs. */
export async function sharesToReferrers(
  db: Db,
  referees: { id: number; referred_by: number | null }[],
): Promise<Map<number, number>> {
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
        isShare(),
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
