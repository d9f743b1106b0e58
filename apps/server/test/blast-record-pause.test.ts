/**
 * A blast's outcome written while its pause runs (docs/decisions.md "An outcome written during the pause"):
 * the pause begins as soon as the send has answered, not when its outcome is committed, and the next round
 * takes its number only once the outcome before it is committed, so nothing is counted twice or lost.
 */
import type { TLiveEventName } from '@sewablast/contract/live';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, postgresPoolOf } from '../src/db/client.ts';
import { messageLogs, messageTemplates, phoneNumbers, settings, users, whatsappAccounts } from '../src/db/schema.ts';
import { BlastLoop } from '../src/engine/blast/blast-loop.ts';
import { MediaFiles } from '../src/engine/blast/blast-take.ts';
import { VariantPicker } from '../src/engine/blast/variants.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import type { WaSession } from '../src/wa/driver.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'record-pause-worker';
let database: Database;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({
      firstname: 'Rec',
      lastname: 'Pause',
      email: 'rec@test.local',
      password_hash: 'x',
      referral_code: 'REC00001',
    })
    .returning();
  userId = user?.id ?? 0;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, price: 100 });
  await database.db.insert(phoneNumbers).values([
    { number: '6287730000001', name: 'A' },
    { number: '6287730000002', name: 'B' },
  ]);
});
afterAll(() => database.close());

const logged = async (accountId: number) =>
  (await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, accountId))).length;

describe('an outcome written during the pause', () => {
  it('starts the pause while the outcome waits on a lock, and takes the next number only once it is committed', async () => {
    const [account] = await database.db
      .insert(whatsappAccounts)
      .values({
        clientid: 'record-pause',
        user_id: userId,
        state: 'connected',
        owner_id: WORKER,
        lease_until: new Date(Date.now() + 600_000),
        blasting: true,
        interval_min: 0,
        interval_max: 0,
      })
      .returning();
    if (!account) throw new Error('no account');
    // Another transaction holds the member's row: the outcome's statement (which raises the member's
    // successes) waits on it until the test lets go.
    const holder: pg.PoolClient = await postgresPoolOf(database.db).connect();
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [userId]);
    const loggedAtSend: number[] = [];
    const session: WaSession = {
      deviceId: 'record-pause',
      subscribe: () => () => {},
      async sendMessage() {
        loggedAtSend.push(await logged(account.id));
        return { id: `id-${loggedAtSend.length}` };
      },
      checkNumber: async () => ({ exists: true, name: null }),
      logout: async () => {},
      close: async () => {},
    };
    const events: TLiveEventName[] = [];
    const loop = new BlastLoop(
      {
        db: database.db,
        workerId: WORKER,
        session: () => session,
        secondMs: 1,
        random: () => 0,
        publish: async (_row, event) => {
          events.push(event);
        },
        outcomes: new OutcomeWriter(database.db),
        variants: new VariantPicker(database.db),
        media: new MediaFiles(database.db, createFileStore(database.db)),
        safety: { timeZone: 'Asia/Jakarta', enforce: false },
      },
      account.id,
    );
    try {
      await expect.poll(() => events.includes('waiting'), { timeout: 10_000 }).toBe(true);
      // The outcome's statement is waiting on the member's row, uncommitted, while the pause has begun.
      const lockWaits = async () => {
        const result = await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      };
      await expect.poll(lockWaits, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(events).not.toContain('count_success');
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
    const firstCount = events.indexOf('count_success');
    expect(firstCount).toBeGreaterThan(events.indexOf('waiting'));
    expect(events.lastIndexOf('sending')).toBeGreaterThan(firstCount);
    expect(events.at(-1)).toBe('finished');
  });
});
