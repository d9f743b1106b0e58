/** A user's balance is the sum of their ledger entries (DESIGN §5.5); reading it moves nothing. */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, withdrawals } from '../db/schema.ts';
import { dailyWindow } from '../lib/daily-series.ts';

/** What counts as a user's income: the fees of their sends and their referral shares, never a bonus. */
export const INCOME_KINDS = ['blast_income', 'referral'] as const;

/** The ledger entries that are income, for a query's where. */
const isIncome = () => inArray(ledgerEntries.kind, INCOME_KINDS);

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
      and(eq(ledgerEntries.user_id, userId), isIncome(), since ? gte(ledgerEntries.created_at, since) : undefined),
    );
  return Number(row?.total ?? 0);
}

/** What each of `userIds` earned ever, in one grouped query: a user who earned nothing is left out. */
export async function incomeOfEach(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: ledgerEntries.user_id, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.user_id, userIds), isIncome()))
    .groupBy(ledgerEntries.user_id);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

export interface BalanceSummary {
  balance: number;
  blastIncome: number;
  referral: number;
  bonus: number;
  requested: number;
  accepted: number;
}

/**
 * The balance and its parts in one statement, so that they come from one snapshot and add up: the ledger
 * by kind, and the withdrawals that hold money by status. A request holds its amount and a rejection
 * releases it, while acceptance moves nothing, so the net of the holds is what the open and the paid
 * withdrawals add up to.
 */
export async function summaryOf(db: Db, userId: number): Promise<BalanceSummary> {
  const byKind = (kinds: string[]) =>
    sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${inArray(ledgerEntries.kind, kinds)}), 0)`;
  const heldBy = (status: string) =>
    sql<string>`(select coalesce(sum(${withdrawals.nominal}), 0) from ${withdrawals}
      where ${withdrawals.user_id} = ${userId} and ${withdrawals.status} = ${status})`;
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      blastIncome: byKind(['blast_income']),
      referral: byKind(['referral']),
      bonus: byKind(['bonus', 'bonus_revoke']),
      requested: heldBy('requested'),
      accepted: heldBy('accepted'),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.user_id, userId));
  const figure = (value: string | undefined) => Number(value ?? 0);
  return {
    balance: figure(row?.balance),
    blastIncome: figure(row?.blastIncome),
    referral: figure(row?.referral),
    bonus: figure(row?.bonus),
    requested: figure(row?.requested),
    accepted: figure(row?.accepted),
  };
}

/** What a user earned per business day, the last `days` days: blast fees and referral shares apart. */
export async function incomePerDay(db: Db, userId: number, timeZone: string, days: number, now = new Date()) {
  const window = dailyWindow(timeZone, days, now);
  const of = (kind: string) =>
    sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${kind}), 0)`.mapWith(
      Number,
    );
  const rows = await db
    .select({ day: window.dayOf(ledgerEntries.created_at), blast: of('blast_income'), referral: of('referral') })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.user_id, userId), isIncome(), window.since(ledgerEntries.created_at)))
    .groupBy(sql`1`);
  return window.fill(rows, { blast: 0, referral: 0 });
}
