/** A linked device's signal keys in `whatsapp_auth_keys` (see the schema), as the driver's key store. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts, whatsappAuthKeys } from '../../db/schema.ts';
import type { SessionKeyStore } from '../../wa/driver.ts';
import { heldBy } from '../leases.ts';

/** A write by a worker whose lease on the account has lapsed: another worker owns the session's keys now. */
export class KeysLeaseLost extends Error {
  constructor(accountId: number) {
    super(`signal keys of account ${accountId} not written: this worker no longer holds its lease`);
    this.name = 'KeysLeaseLost';
  }
}

/**
 * `workerId`: keys are written only while that worker's lease on the account runs (checked and held in the
 * same transaction), so a worker that lost the account cannot overwrite what the new owner wrote.
 */
export function accountKeyStore(db: Db, accountId: number, workerId?: string): SessionKeyStore {
  return {
    async get(keys) {
      if (keys.length === 0) return {};
      const rows = await db
        .select({ key: whatsappAuthKeys.key, value: whatsappAuthKeys.value })
        .from(whatsappAuthKeys)
        .where(and(eq(whatsappAuthKeys.account_id, accountId), inArray(whatsappAuthKeys.key, keys)));
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
    async set(entries) {
      const written = Object.entries(entries).filter(([, value]) => value !== null && value !== undefined);
      const removed = Object.entries(entries)
        .filter(([, value]) => value === null || value === undefined)
        .map(([key]) => key);
      await db.transaction(async (tx) => {
        if (workerId) {
          const held = await tx
            .select({ id: whatsappAccounts.id })
            .from(whatsappAccounts)
            .where(and(eq(whatsappAccounts.id, accountId), heldBy(workerId)))
            .for('share');
          if (held.length === 0) throw new KeysLeaseLost(accountId);
        }
        if (written.length) {
          await tx
            .insert(whatsappAuthKeys)
            .values(written.map(([key, value]) => ({ account_id: accountId, key, value })))
            .onConflictDoUpdate({
              target: [whatsappAuthKeys.account_id, whatsappAuthKeys.key],
              set: { value: sql`excluded.value`, written_at: sql`now()` },
            });
        }
        if (removed.length) {
          await tx
            .delete(whatsappAuthKeys)
            .where(and(eq(whatsappAuthKeys.account_id, accountId), inArray(whatsappAuthKeys.key, removed)));
        }
      });
    },
  };
}

/** A new link starts from new credentials: the old keys mean nothing to it. */
export async function clearAccountKeys(db: Db, accountId: number): Promise<void> {
  await db.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.account_id, accountId));
}
