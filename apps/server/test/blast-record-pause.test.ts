/**
 * A blast's outcome written while its pause runs (docs/decisions.md "An outcome written during the pause"):
 * the pause begins as soon as the send has answered, not when its outcome is committed, and the next round
 * takes its number only once the outcome before it is committed, so nothing is counted twice or lost.
 */
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, postgresPoolOf } from '../src/db/client.ts';
import { messageLogs, messageTemplates, settings, whatsappAccounts } from '../src/db/schema.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { aLinkedAccount, aUser, blastOnClock, onlyNumbers, scriptedSession } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'record-pause-worker';
let database: Database;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await aUser(database.db)).id;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, price: 100 });
  await onlyNumbers(database.db, '628773000000', 2, 1);
});
afterAll(() => database.close());

const logged = async (accountId: number) =>
  (await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, accountId))).length;

describe('an outcome written during the pause', () => {
  it('starts the pause while the outcome waits on a lock, and takes the next number only once it is committed', async () => {
    const account = await aLinkedAccount(database.db, { userId, workerId: WORKER }, { clientid: 'record-pause' });
    // Another transaction holds the member's row: the outcome's statement (which raises the member's
    // successes) waits on it until the test lets go.
    const holder: pg.PoolClient = await postgresPoolOf(database.db).connect();
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [userId]);
    const loggedAtSend: number[] = [];
    const session = scriptedSession(async () => {
      loggedAtSend.push(await logged(account.id));
    });
    const blast = blastOnClock({ db: database.db, workerId: WORKER, accountId: account.id, session, enforce: false });
    const { loop } = blast;
    const names = () => blast.events.map(([event]) => event);
    try {
      await expect.poll(() => names().includes('waiting'), { timeout: 10_000 }).toBe(true);
      // The outcome's statement is waiting on the member's row, uncommitted, while the pause has begun.
      const lockWaits = async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      };
      await expect.poll(lockWaits, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(names()).not.toContain('count_success');
      expect(await logged(account.id)).toBe(0);
      expect(loggedAtSend).toEqual([0]);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    await loop.done;
    // The second number was sent only after the first outcome was committed; both counted once.
    expect(loggedAtSend).toEqual([0, 1]);
    expect(await logged(account.id)).toBe(2);
    const [row] = await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    expect(row).toMatchObject({ count_success: 2, blast_number_id: null });
    const events = names();
    const firstCount = events.indexOf('count_success');
    expect(firstCount).toBeGreaterThan(events.indexOf('waiting'));
    expect(events.lastIndexOf('sending')).toBeGreaterThan(firstCount);
    expect(events.at(-1)).toBe('finished');
  });
});
