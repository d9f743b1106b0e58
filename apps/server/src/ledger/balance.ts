/** A user's balance is the sum of their ledger entries (DESIGN §5.5); reading it moves nothing. */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries } from '../db/schema.ts';

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.user_id, userId));
  return Number(row?.total ?? 0);
}

/** What a user earned, blast fees and referral shares: since a moment, or ever. */
export async function incomeSince(db: Db, userId: number, since?: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.user_id, userId),
        inArray(ledgerEntries.kind, ['blast_income', 'referral']),
        since ? gte(ledgerEntries.created_at, since) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}
