/**
 * The account's event log (rules/safety/account-events.ts): what a session reports about its account is kept, in
 * order, for its health and for explaining a lost account; a late event of a session whose account another
 * worker took over is not; events past ACCOUNT_EVENTS_KEEP_DAYS are pruned.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { accountEvents } from '../src/db/schema.ts';
import { applySessionEvent, type SessionEventTarget } from '../src/engine/session/session-events.ts';
import {
  ACCOUNT_EVENTS_KEEP_DAYS,
  accountEventsSince,
  pruneAccountEvents,
  recordAccountEvent,
} from '../src/rules/safety/account-events.ts';
import { aLinkedAccount, aUser } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'events-worker';
const DAY = 24 * 60 * 60 * 1000;
let database: Database;
let host: SessionEventTarget;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await aUser(database.db);
  userId = user.id;
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

const heldAccount = (clientid: string, workerId = WORKER) =>
  aLinkedAccount(database.db, { userId, workerId }, { clientid, phonenumber: '62813000', blasting: false });

const kinds = async (id: number) =>
  (await accountEventsSince(database.db, id, new Date(0))).map((event) => [event.kind, event.code, event.detail]);

describe("an account's event log", () => {
  it('keeps connects, drops, bans and suspensions in order, with their codes', async () => {
    const account = await heldAccount('events-session');
    const until = new Date(Date.now() + 3_600_000);
    await applySessionEvent(host, account, { type: 'connection', state: 'connecting' });
    await applySessionEvent(host, account, { type: 'connection', state: 'connected' });
    await applySessionEvent(host, account, { type: 'connection', state: 'disconnected', reason: 'lost (408)' });
    await applySessionEvent(host, account, { type: 'connection', state: 'conflict' });
    await applySessionEvent(host, account, { type: 'banned', reason: 'temporarily banned (402)', until });
    expect(await kinds(account.id)).toEqual([
      ['connected', null, null],
      ['disconnected', 'lost (408)', null],
      ['disconnected', 'conflict', null],
      ['temp_banned', 'temporarily banned (402)', { until: until.toISOString() }],
    ]);

    const banned = await heldAccount('events-banned');
    await applySessionEvent(host, banned, { type: 'banned', reason: 'banned (403)' });
    await applySessionEvent(host, banned, { type: 'connection', state: 'loggedOut', reason: 'logged out (401)' });
    expect(await kinds(banned.id)).toEqual([
      ['suspended', 'banned (403)', null],
      ['logged_out', 'logged out (401)', null],
    ]);
  });

  it('keeps nothing from a session whose account another worker holds', async () => {
    const account = await heldAccount('events-other', 'another-worker');
    await applySessionEvent(host, account, { type: 'connection', state: 'disconnected', reason: 'replaced (440)' });
    await applySessionEvent(host, account, { type: 'banned', reason: 'banned (403)' });
    expect(await kinds(account.id)).toEqual([]);
  });

  it(`prunes events older than ${ACCOUNT_EVENTS_KEEP_DAYS} days and keeps the rest`, async () => {
    const account = await heldAccount('events-prune');
    const old = new Date(Date.now() - (ACCOUNT_EVENTS_KEEP_DAYS + 1) * DAY);
    const recent = new Date(Date.now() - (ACCOUNT_EVENTS_KEEP_DAYS - 1) * DAY);
    await recordAccountEvent(database.db, account.id, 'disconnected', { code: 'old', at: old });
    await recordAccountEvent(database.db, account.id, 'disconnected', { code: 'recent', at: recent });
    await pruneAccountEvents(database.db);
    const left = await database.db.select().from(accountEvents).where(eq(accountEvents.account_id, account.id));
    expect(left.map((event) => event.code)).toEqual(['recent']);
  });
});
