/**
 * The frame of every change of a balance (DESIGN §9): one transaction that first locks the user's row, so
 * that everything moving that user's money queues behind it, then reads the balance it may rely on until
 * commit; retried on serialization failure and deadlock. Withdrawals and bonuses use it.
 */
import { eq } from 'drizzle-orm';
import { type Db, type Tx, withRetry } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { balanceOf } from './balance.ts';

export interface LockedUser {
  id: number;
  firstname: string;
  lastname: string;
  account_bank: string | null;
  account_number: string | null;
  account_name: string | null;
  /** When the payout bank account last changed, if it ever did. */
  bank_changed_at: Date | null;
  /** False while a mailed confirmation link waits for the address (only when the server mails). */
  email_confirmed: boolean;
  /** The balance while the lock is held: no other money transaction of this user can change it. */
  balance: number;
}

/** Runs `work` with the user locked, or answers `missing()` when there is no such user. */
export function moneyTransaction<T>(
  db: Db,
  userId: number,
  work: (tx: Tx, user: LockedUser) => Promise<T>,
  missing: () => T | Promise<T>,
): Promise<T> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          account_bank: users.account_bank,
          account_number: users.account_number,
          account_name: users.account_name,
          bank_changed_at: users.bank_changed_at,
          email_confirmed: users.email_confirmed,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) return missing();
      return work(tx, { ...row, balance: await balanceOf(tx, userId) });
    }),
  );
}
