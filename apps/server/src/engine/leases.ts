/**
 * Ownership of accounts between workers (DESIGN §8): a worker owns an account while its lease on the row
 * runs. It renews its leases every third of a lease (10 s); a lease not renewed for LEASE_SECONDS (30 s) is
 * free, and the first worker to claim the account takes it over and resumes it from the database.
 */
import { and, eq, getTableColumns, gt, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;
/** A claimed account and the worker whose lapsed lease it was (null: free or given back), to count takeovers. */
export type ClaimedAccount = AccountRow & { previousOwner: string | null };

/** How long a lease lasts unrenewed when the host is not told (LEASE_SECONDS). */
export const LEASE_SECONDS = 30;

/** No worker holds the row: never leased, given back, or lapsed. */
export function leaseFree(): SQL {
  return or(
    isNull(whatsappAccounts.owner_id),
    isNull(whatsappAccounts.lease_until),
    lt(whatsappAccounts.lease_until, sql`now()`),
  ) as SQL;
}

/**
 * The worker's lease on the row still runs: the condition of every write of a session's state, so that a
 * worker that lost the account (a pause past its lease, a takeover) cannot overwrite what the new owner wrote.
 */
export function heldBy(workerId: string): SQL {
  return and(eq(whatsappAccounts.owner_id, workerId), gt(whatsappAccounts.lease_until, sql`now()`)) as SQL;
}

/** The worker whose lease on the account still runs, if any. */
export async function leaseHolder(db: Db, clientid: string): Promise<string | null> {
  const [row] = await db
    .select({ owner: whatsappAccounts.owner_id })
    .from(whatsappAccounts)
    .where(and(eq(whatsappAccounts.clientid, clientid), not(leaseFree())));
  return row?.owner ?? null;
}

/** Frees the account whichever worker held it: an api process hands a re-link to whichever worker takes it. */
export async function dropLease(db: Db, accountId: number): Promise<void> {
  await db
    .update(whatsappAccounts)
    .set({ owner_id: null, lease_until: null })
    .where(eq(whatsappAccounts.id, accountId));
}

/**
 * The account rows matching `where`, locked lowest id first. Every statement that locks many account rows
 * takes them in this one order (the outcome and receipt batches too, by id in SQL), so that no two of them
 * wait for each other in a cycle: a renewal of 1,443 leases deadlocked against the fleet's writes before.
 * `no key update`, the lock an update of these columns takes anyway: FOR UPDATE would also wait for the key
 * locks that every insert of a message log or sent message takes on its account, in its own order.
 */
export function lockedInIdOrder(db: Db, where: SQL | undefined, { skipLocked = false } = {}) {
  const rows = db.select({ id: whatsappAccounts.id }).from(whatsappAccounts).where(where).orderBy(whatsappAccounts.id);
  return skipLocked ? rows.for('no key update', { skipLocked: true }) : rows.for('no key update');
}

/** One worker's leases. */
export class Leases {
  constructor(
    private readonly db: Db,
    readonly workerId: string,
    private readonly seconds = LEASE_SECONDS,
  ) {}

  private until(): SQL {
    return sql`now() + make_interval(secs => ${this.seconds})`;
  }

  /** Takes the accounts whoever held them: a link starts on the worker that was asked for it. */
  async take(clientids: string[]): Promise<void> {
    if (clientids.length === 0) return;
    await this.db
      .update(whatsappAccounts)
      .set({ owner_id: this.workerId, lease_until: this.until() })
      .where(inArray(whatsappAccounts.id, lockedInIdOrder(this.db, inArray(whatsappAccounts.clientid, clientids))));
  }

  /** Takes the account if no lease holds it; undefined when another worker has it. */
  async takeIfFree(accountId: number): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .update(whatsappAccounts)
      .set({ owner_id: this.workerId, lease_until: this.until() })
      .where(and(eq(whatsappAccounts.id, accountId), leaseFree()))
      .returning();
    return row;
  }

  /**
   * Takes up to `limit` free accounts that match `eligible`, lowest id first. Rows another worker is claiming
   * at the same moment are skipped rather than waited for, so that no two workers take the same account.
   */
  async claim(eligible: SQL | undefined, limit: number): Promise<ClaimedAccount[]> {
    const free = this.db
      .select({
        id: whatsappAccounts.id,
        previousOwner: sql<string | null>`${whatsappAccounts.owner_id}`.as('previous_owner'),
      })
      .from(whatsappAccounts)
      .where(and(eligible, leaseFree()))
      .orderBy(whatsappAccounts.id)
      .limit(limit)
      .for('update', { skipLocked: true })
      .as('free');
    return this.db
      .update(whatsappAccounts)
      .set({ owner_id: this.workerId, lease_until: this.until() })
      .from(free)
      .where(eq(whatsappAccounts.id, free.id))
      .returning({ ...getTableColumns(whatsappAccounts), previousOwner: free.previousOwner });
  }

  /**
   * Renews the leases in one statement that waits for no lock, so that it can be part of no cycle of waits
   * whatever else locks the rows (a blast's take holds a number and waits for its account; an outcome batch
   * holds accounts and waits for a number). The rows another statement holds at that moment are renewed
   * after it, one statement each: a statement holding a single row closes no cycle either.
   */
  async renew(clientids: string[]): Promise<void> {
    if (clientids.length === 0) return;
    const renewed = await this.db
      .update(whatsappAccounts)
      .set({ lease_until: this.until() })
      .where(inArray(whatsappAccounts.id, lockedInIdOrder(this.db, this.mine(clientids), { skipLocked: true })))
      .returning({ clientid: whatsappAccounts.clientid });
    const done = new Set(renewed.map((row) => row.clientid));
    for (const clientid of clientids) {
      if (done.has(clientid)) continue;
      await this.db
        .update(whatsappAccounts)
        .set({ lease_until: this.until() })
        .where(and(eq(whatsappAccounts.owner_id, this.workerId), eq(whatsappAccounts.clientid, clientid)));
    }
  }

  /** Frees the accounts at once, for a graceful stop: another worker need not wait for them to lapse. */
  async giveBack(clientids: string[]): Promise<void> {
    if (clientids.length === 0) return;
    await this.db
      .update(whatsappAccounts)
      .set({ owner_id: null, lease_until: null })
      .where(inArray(whatsappAccounts.id, lockedInIdOrder(this.db, this.mine(clientids))));
  }

  private mine(clientids: string[]): SQL | undefined {
    return and(eq(whatsappAccounts.owner_id, this.workerId), inArray(whatsappAccounts.clientid, clientids));
  }
}
