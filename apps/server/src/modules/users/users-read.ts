/**
 * A user as other areas read it beside the names (names.ts): the pace its owner set for their accounts' blasts
 * (the income forecast), and the row locked so that what is counted under it is counted one caller at a time.
 * Their rows are this area's (DESIGN §2).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The blast interval an admin set for the user's accounts, each bound null where none is set. */
export async function blastIntervalOf(db: Db, userId: number): Promise<{ min: number | null; max: number | null }> {
  const [row] = await db
    .select({ min: users.blast_interval_min, max: users.blast_interval_max })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { min: null, max: null };
}

/** Locks the user's row until the transaction `tx` ends. */
export async function lockUser(tx: Pick<Db, 'select'>, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
