/**
 * A blast's own writes to its account's row and to the number it took (blast-loop.ts): the account's state
 * as the blast moves through a run, and a number given back to the pool when nothing was sent to it. A write
 * to the row holds only while the worker's lease does (`heldBy`): a worker that stalled past its lease and
 * wakes after a takeover would otherwise clear the pause or the restriction the new owner is waiting out, and
 * a restart then would send into it.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers, whatsappAccounts } from '../../db/schema.ts';
import type { AccountRow } from '../account-read.ts';
import { heldBy } from '../leases.ts';

export type BlastRowValues = Partial<
  Pick<
    AccountRow,
    'status' | 'blasting' | 'blast_number_id' | 'blast_started_at' | 'last_error' | 'limited_until' | 'spread_until'
  >
>;

/**
 * Writes `values` on the account's row while `workerId` holds its lease; the row as written, undefined when the
 * account is gone or the lease is another worker's.
 */
export async function setBlastAccount(
  db: Db,
  workerId: string,
  accountId: number,
  values: BlastRowValues,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(whatsappAccounts)
    .set(values)
    .where(and(eq(whatsappAccounts.id, accountId), heldBy(workerId)))
    .returning();
  return row;
}

export async function releaseNumber(db: Db, numberId: number): Promise<void> {
  await db.update(phoneNumbers).set({ in_use: false }).where(eq(phoneNumbers.id, numberId));
}
