/**
 * Statements that lock many account rows at once (a worker's lease renewal, its outcome and receipt batches,
 * two workers claiming) lock them in one order, lowest id first, so that none of them deadlocks another on
 * real PostgreSQL (the engine bench saw a renewal of 1,443 leases deadlock while the fleet resumed).
 */
import { randomBytes } from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, postgresPoolOf, sqlState } from '../src/db/client.ts';
import { messageLogs, users, whatsappAccounts, whatsappSentMessages } from '../src/db/schema.ts';
import { Leases } from '../src/engine/leases.ts';
import { recordReceipts } from '../src/engine/session/receipts.ts';
import { recordSends } from '../src/ledger/record-send.ts';
import { linkedAccounts } from './factories.ts';
import { seededTestDatabase } from './harness.ts';

const ACCOUNTS = 600;
const ROUNDS = 4;

let database: Database;
/** Every deadlock PostgreSQL reported to a statement, whether or not its caller retried it. */
const deadlocks: string[] = [];
beforeAll(async () => {
  database = await seededTestDatabase();
  const pool = postgresPoolOf(database.db);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const answer = query(...args);
    if (answer instanceof Promise) {
      answer.catch((error) => {
        if (sqlState(error) === '40P01') deadlocks.push(String(error));
      });
    }
    return answer;
  }) as typeof pool.query;
});
afterAll(() => database.close());

const shuffled = <T>(items: T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
};

/** ACCOUNTS accounts held by `owner`, in rows scattered over the table (as updates leave them). */
async function heldAccounts(owner: string, tag = randomBytes(3).toString('hex')) {
  const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
  const lease_until = new Date(Date.now() + 60_000);
  return linkedAccounts(
    database.db,
    { userId: user?.id ?? 0, workerId: owner },
    shuffled(Array.from({ length: ACCOUNTS }, (_, i) => i)).map((i) => ({
      clientid: `order-${tag}-${i}`,
      phonenumber: `62815${String(i).padStart(8, '0')}`,
      auth_state: {},
      blasting: false,
      lease_until,
    })),
  );
}

describe('statements locking many accounts at once', () => {
  it("a worker's lease renewal never deadlocks with its outcome, receipt and sent-message batches on the same accounts", async () => {
    const leases = new Leases(database.db, `worker-${randomBytes(3).toString('hex')}`);
    const accounts = await heldAccounts(leases.workerId);
    for (let round = 0; round < ROUNDS; round++) {
      const sent = shuffled(accounts).map((account) => ({
        accountId: account.id,
        phoneNumberId: null,
        templateId: null,
        status: 'success' as const,
        sendKey: randomBytes(8).toString('hex'),
        waMessageId: randomBytes(8).toString('hex'),
      }));
      await Promise.all([
        leases.renew(shuffled(accounts).map((account) => account.clientid)),
        recordSends(database.db, sent),
        recordReceipts(
          database.db,
          leases.workerId,
          shuffled(sent).map((s) => ({ accountId: s.accountId, receipt: { id: s.waMessageId, status: 'read' } })),
        ),
        leases.renew(shuffled(accounts).map((account) => account.clientid)),
        // Each sent message's insert takes a key lock on its account, in the batch's order (the bench's case).
        database.db.insert(whatsappSentMessages).values(
          shuffled(sent).map((s) => ({
            account_id: s.accountId,
            message_id: s.waMessageId,
            content: Buffer.from('x'),
          })),
        ),
      ]);
    }
    expect(deadlocks).toEqual([]);
    const logged = await database.db
      .select({ id: messageLogs.id })
      .from(messageLogs)
      .where(
        inArray(
          messageLogs.whatsapp_id,
          accounts.map((a) => a.id),
        ),
      );
    expect(logged).toHaveLength(ACCOUNTS * ROUNDS);
  });

  it('two workers renewing and claiming overlapping accounts at once take each account once, without deadlock', async () => {
    const a = new Leases(database.db, `worker-a-${randomBytes(3).toString('hex')}`);
    const b = new Leases(database.db, `worker-b-${randomBytes(3).toString('hex')}`);
    const tag = randomBytes(3).toString('hex');
    const accounts = await heldAccounts(a.workerId, tag);
    const ours = like(whatsappAccounts.clientid, `order-${tag}-%`);
    for (let round = 0; round < ROUNDS; round++) {
      // A paused past half its leases; B held the other half and renews them while both claim.
      const ids = shuffled(accounts);
      const lapsed = ids.slice(0, ACCOUNTS / 2);
      const ofB = ids.slice(ACCOUNTS / 2);
      await database.db
        .update(whatsappAccounts)
        .set({ owner_id: a.workerId, lease_until: new Date(Date.now() - 60_000) })
        .where(
          inArray(
            whatsappAccounts.id,
            lapsed.map((account) => account.id),
          ),
        );
      await database.db
        .update(whatsappAccounts)
        .set({ owner_id: b.workerId, lease_until: new Date(Date.now() + 60_000) })
        .where(
          inArray(
            whatsappAccounts.id,
            ofB.map((account) => account.id),
          ),
        );
      const [, claimedByB, claimedByA] = await Promise.all([
        a.renew(shuffled(accounts).map((account) => account.clientid)),
        b.claim(ours, ACCOUNTS),
        a.claim(ours, ACCOUNTS),
        b.renew(shuffled(ofB).map((account) => account.clientid)),
        a.giveBack(
          shuffled(lapsed)
            .slice(0, ACCOUNTS / 4)
            .map((account) => account.clientid),
        ),
      ]);
      const takenByA = new Set(claimedByA.map((row) => row.id));
      expect(claimedByB.filter((row) => takenByA.has(row.id))).toEqual([]);
    }
    expect(deadlocks).toEqual([]);
  });
});
