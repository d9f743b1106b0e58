/**
 * The reconnect wait (engine/retry.ts) reads the account's row when the session's own event wrote it, not
 * twice a second: with a clock that never moves, only the event can end the wait.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { whatsappAccounts } from '../src/db/schema.ts';
import { awaitReconnect } from '../src/engine/retry.ts';
import { accountChanged } from '../src/engine/session/account-changes.ts';
import { ReceiptWriter } from '../src/engine/session/receipts.ts';
import { applySessionEvent } from '../src/engine/session/session-events.ts';
import { Turns } from '../src/lib/group-commit.ts';
import type { WaSession } from '../src/wa/driver.ts';
import { createTestDatabase } from './harness.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('a reconnect wait', () => {
  it('ends when the session’s event writes the row connected, with no look on a clock', async () => {
    const { rows } = (await database.db.execute(sql`
      with member as (
        insert into users (firstname, lastname, email, password_hash, referral_code)
        values ('Sesi', 'Putus', 'away@test.local', 'not-a-password', 'W0000001') returning id)
      insert into whatsapp_accounts (clientid, user_id, state, owner_id, lease_until)
      select 'away', id, 'disconnected', 'worker-away', now() + interval '1 hour' from member
      returning id`)) as unknown as { rows: { id: number }[] };
    const accountId = rows[0]?.id as number;
    const sleeps: number[] = [];
    const waiting = awaitReconnect(database.db, accountId, {
      session: () => ({}) as WaSession,
      halted: () => false,
      // Send time stands still: a wait that only looks on a clock never ends.
      sleep: (seconds) => {
        sleeps.push(seconds);
        return new Promise(() => {});
      },
    });
    await expect.poll(() => sleeps.length).toBe(1);
    // A 'connecting' written first wakes it, and it waits on.
    await database.db.update(whatsappAccounts).set({ state: 'connecting' }).where(eq(whatsappAccounts.id, accountId));
    accountChanged(accountId);
    await expect.poll(() => sleeps.length).toBe(2);
    // The session says it is back, as the host applies it.
    await applySessionEvent(
      {
        db: database.db,
        workerId: 'worker-away',
        receipts: new ReceiptWriter(database.db, 'worker-away', new Turns()),
        publish: async () => {},
        lose: () => {},
        releaseProxy: async () => {},
        reconcile: async () => {},
      },
      { id: accountId, clientid: 'away' },
      { type: 'connection', state: 'connected' },
    );
    expect(await waiting).toBe(true);
    expect(sleeps).toEqual([0.5, 5]);
  });
});
