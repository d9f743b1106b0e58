/**
 * An account warms up anew after a temporary ban and after being logged out (it must be linked again): the
 * session's event clears its send record, so that its next send is day 1 of a warm-up (rules/safety/send-policy.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { whatsappAccounts } from '../src/db/schema.ts';
import { applySessionEvent, type SessionEventTarget } from '../src/engine/session/session-events.ts';
import type { SessionEvent } from '../src/wa/driver.ts';
import { aLinkedAccount, aUser } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'warm-up-worker';
let database: Database;
let host: SessionEventTarget;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (
    await aUser(database.db, {
      firstname: 'Hangat',
      lastname: 'Lagi',
      email: 'hangat@test.local',
      password_hash: 'x',
      referral_code: 'HANGAT01',
    })
  ).id;
  host = {
    db: database.db,
    workerId: WORKER,
    receipts: undefined as unknown as SessionEventTarget['receipts'],
    publish: async () => {},
    lose: () => {},
    releaseProxy: async () => {},
    reconcile: async () => {},
  };
});
afterAll(() => database.close());

/** A linked account, not blasting, that sent 40 today and warmed up long ago. */
const warmedUpAccount = (clientid: string) =>
  aLinkedAccount(
    database.db,
    { userId, workerId: WORKER },
    {
      clientid,
      phonenumber: '62812000',
      blasting: false,
      sent_day: '2026-11-26',
      sent_count: 40,
      last_sent_at: new Date(),
      warmup_started_on: '2026-01-01',
    },
  );

const rowOf = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];

describe('a warm-up begun again', () => {
  it.each<[string, SessionEvent]>([
    ['a temporary ban', { type: 'banned', reason: 'temporarily banned (402)', until: new Date(Date.now() + 60_000) }],
    ['a log-out', { type: 'connection', state: 'loggedOut', reason: 'logged out (401)' }],
  ])('follows %s', async (_name, event) => {
    const account = await warmedUpAccount(`warm-${event.type}`);
    await applySessionEvent(host, account, event);
    expect(await rowOf(account.id)).toMatchObject({ last_sent_at: null, warmup_started_on: null, sent_count: 40 });
  });

  it('does not follow a passing disconnect', async () => {
    const account = await warmedUpAccount('warm-disconnect');
    await applySessionEvent(host, account, { type: 'connection', state: 'disconnected', reason: 'lost (408)' });
    expect(await rowOf(account.id)).toMatchObject({ warmup_started_on: '2026-01-01' });
    expect((await rowOf(account.id))?.last_sent_at).not.toBeNull();
  });
});
