/**
 * A blast's own writes to its account's row and to the number it took (blast-loop.ts): the account's state
 * as the blast moves through a run, and a number given back to the pool when nothing was sent to it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers, whatsappAccounts } from '../../db/schema.ts';
import type { AccountRow } from '../account-read.ts';

export type BlastRowValues = Partial<
  Pick<
    AccountRow,
    'status' | 'blasting' | 'blast_number_id' | 'blast_started_at' | 'last_error' | 'limited_until' | 'spread_until'
  >
>;

/** Writes `values` on the account's row; the row as written, undefined when the account is gone. */
export async function setBlastAccount(
  db: Db,
  accountId: number,
  values: BlastRowValues,
): Promise<AccountRow | undefined> {
  const [row] = await db.update(whatsappAccounts).set(values).where(eq(whatsappAccounts.id, accountId)).returning();
  return row;
}

export async function releaseNumber(db: Db, numberId: number): Promise<void> {
  await db.update(phoneNumbers).set({ in_use: false }).where(eq(phoneNumbers.id, numberId));
}
