/**
 * What an account's row and live channel say while its session drops and comes back (issue 22), on Baileys'
 * real socket against the fake WhatsApp endpoint, the session's events applied as the session host applies
 * them (session-events.ts): one state change per real change, a reconnect saying 'connecting' once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { whatsappAccounts } from '../src/db/schema.ts';
import { applySessionEvent, type SessionEventTarget } from '../src/engine/session/session-events.ts';
import { aLinkedAccount, aUser } from './factories.ts';
import { connectedCount, useFakeWhatsApp } from './fake-wa/suite.ts';
import { createTestDatabase } from './harness.ts';

const wa = useFakeWhatsApp();
const WORKER = 'states-worker';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function heldAccount() {
  const user = await aUser(database.db);
  return aLinkedAccount(
    database.db,
    { userId: user.id, workerId: WORKER },
    { clientid: 'states', phonenumber: '6281234567001', blasting: false },
  );
}

describe('a linked account whose connection drops', () => {
  it('reads disconnected, reconnecting once, then connected, on its row and its live channel', async () => {
    const account = await heldAccount();
    const published: string[] = [];
    const written: string[] = [];
    const host: SessionEventTarget = {
      db: database.db,
      workerId: WORKER,
      receipts: undefined as unknown as SessionEventTarget['receipts'],
      publish: async (row, event, ...[extra]) => {
        if (event !== 'connection.update' || !extra || !('state' in extra)) return;
        published.push(String(extra.state));
        written.push(row.state);
      },
      lose: () => {},
      releaseProxy: async () => {},
      reconcile: async () => {},
    };
    const { session, events } = await wa.linked({}, { reconnectBaseMs: 20 });
    // One after another, as the session host applies a session's events (held-sessions.ts).
    let applied = Promise.resolve();
    session.subscribe((event) => {
      applied = applied.then(() => applySessionEvent(host, account, event));
    });
    wa.endpoint.latest().terminate();
    await expect.poll(() => connectedCount(events), { timeout: 10_000 }).toBe(2);
    await applied;
    expect(published).toEqual(['disconnected', 'reconnecting', 'connected']);
    expect(written).toEqual(published);
    const [row] = await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    expect(row?.state).toBe('connected');
  });
});
