/**
 * The keys a blast leaves behind (issue 22), pruned (engine/session/key-prune.ts) through Baileys 7's real
 * socket and the fake WhatsApp endpoint, the keys in PostgreSQL as a worker keeps them: a contact that never
 * answered loses its session, token, device list and phone number → LID row once silent for 30 days, and a
 * send to it afterwards still reaches its phone (Baileys fetches its keys again); a contact that answered, the
 * account's own keys and the LID → phone number rows are kept.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { accountKeyStore } from '../src/engine/session/auth-keys.ts';
import { KEY_SILENT_DAYS, pruneAccountKeys } from '../src/engine/session/key-prune.ts';
import type { SessionEvent } from '../src/wa/driver.ts';
import type { Contact } from './fake-wa/endpoint.ts';
import { connectedCount, useFakeWhatsApp } from './fake-wa/suite.ts';
import { createTestDatabase } from './harness.ts';
import { until } from './until.ts';

const wa = useFakeWhatsApp();
const WORKER = 'worker-prune';
const DAY_MS = 24 * 60 * 60_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function heldAccount(): Promise<number> {
  const rows = await rowsOf<{ id: number }>(sql`
    with member as (
      insert into users (firstname, lastname, email, password_hash, referral_code)
      values ('Sesi', 'Prune', 'prune@test.local', 'not-a-password', 'P0000001') returning id)
    insert into whatsapp_accounts (clientid, user_id, state, owner_id, lease_until)
    select 'prune', id, 'unknown', ${WORKER}, now() + interval '1 hour' from member returning id`);
  return rows[0]?.id as number;
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const keysOf = async (accountId: number) =>
  (
    await rowsOf<{ key: string }>(sql`select key from whatsapp_auth_keys where account_id = ${accountId} order by key`)
  ).map((row) => row.key);
const about = (keys: string[], contact: Contact) =>
  keys.filter((key) => key.includes(contact.number) || key.includes(contact.lid));
const lastCreds = (events: SessionEvent[]) => {
  const event = events.findLast((candidate) => candidate.type === 'auth-state');
  if (event?.type !== 'auth-state') throw new Error('no creds given');
  return event.authState;
};

describe('the keys a blast left behind', () => {
  it('are pruned for a contact silent and never answering, and a send to it still reaches its phone', async () => {
    const accountId = await heldAccount();
    const keyStore = accountKeyStore(database.db, accountId, WORKER);
    wa.endpoint.givesTokens = true;
    const { session, events } = await wa.linked({ keyStore }, { sendTimeoutMs: 10_000 });
    const rina = wa.endpoint.addContact('6285712345678', '88000111222001');
    const budi = wa.endpoint.addContact('6285712345679', '88000111222002');
    await session.sendMessage(rina.number, { text: 'Halo Rina' }, '3EB0PRUNE1');
    await session.sendMessage(budi.number, { text: 'Halo Budi' }, '3EB0PRUNE2');
    const from = wa.endpoint.linkedJid();
    const [toRina, toBudi] = await wa.endpoint.messages.until(2);
    if (!toRina || !toBudi) throw new Error('not relayed');
    expect((await wa.endpoint.messages.read(toRina, rina, from)).extendedTextMessage?.text).toBe('Halo Rina');
    expect((await wa.endpoint.messages.read(toBudi, budi, from)).extendedTextMessage?.text).toBe('Halo Budi');
    // Budi answers; Rina never does.
    await wa.endpoint.write(budi, 'Halo juga');
    await until(() => events.some((event) => event.type === 'message'), 10_000);
    await expect
      .poll(async () => about(await keysOf(accountId), rina).some((key) => key.startsWith('tctoken:')))
      .toBe(true);
    await session.close();
    const authState = lastCreds(events);
    await database.db.execute(
      sql`update whatsapp_accounts set auth_state = ${JSON.stringify(authState)}::jsonb where id = ${accountId}`,
    );

    const before = await keysOf(accountId);
    const rinaBefore = about(before, rina);
    expect(rinaBefore.filter((key) => key.startsWith('session:'))).not.toEqual([]);
    // Nothing is old enough yet.
    expect(await pruneAccountKeys(database.db, WORKER)).toBe(0);
    const later = new Date(Date.now() + (KEY_SILENT_DAYS + 1) * DAY_MS);
    // Another worker's lease prunes nothing.
    expect(await pruneAccountKeys(database.db, 'another-worker', { now: later })).toBe(0);
    // A phone number → LID row goes a run after its session: until nothing is left.
    let pruned = 0;
    for (let run = await pruneAccountKeys(database.db, WORKER, { now: later }); run > 0; ) {
      pruned += run;
      run = await pruneAccountKeys(database.db, WORKER, { now: later });
    }
    const after = await keysOf(accountId);
    expect(pruned).toBe(before.length - after.length);
    expect(pruned).toBeGreaterThan(0);
    // Of Rina, only the LID → phone number row is left.
    expect(about(after, rina)).toEqual([`lid-mapping:${rina.lid}_reverse`]);
    // Budi answered: his session stays, and with it his phone number → LID row.
    expect(about(after, budi).filter((key) => key.startsWith('session:') || key.startsWith('lid-mapping:'))).toEqual([
      `lid-mapping:${budi.number}`,
      `lid-mapping:${budi.lid}_reverse`,
      `session:${budi.lid}_1.0`,
    ]);
    const untouched = (keys: string[]) =>
      keys.filter((key) => !about([key], rina).length && !about([key], budi).length);
    const budiGone = about(before, budi).filter((key) => !after.includes(key));
    expect(budiGone.every((key) => !key.startsWith('session:') && !key.startsWith('identity-key:'))).toBe(true);
    // The account's own keys (pre-keys, its own devices' sessions, app-state keys) are all kept.
    expect(untouched(after)).toEqual(untouched(before));

    // A fresh session from the stored creds and keys, nothing cached: both contacts are reached again.
    const again = await wa.open({ keyStore, authState }, { sendTimeoutMs: 10_000 });
    await until(() => connectedCount(again.events) === 1, 10_000);
    await again.session.sendMessage(rina.number, { text: 'Halo lagi Rina' }, '3EB0PRUNE3');
    await again.session.sendMessage(budi.number, { text: 'Halo lagi Budi' }, '3EB0PRUNE4');
    const [, , rinaAgain, budiAgain] = await wa.endpoint.messages.until(4);
    if (!rinaAgain || !budiAgain) throw new Error('not relayed');
    // Rina's session was built again from a key bundle fetched again, and her phone reads it.
    expect((await wa.endpoint.messages.read(rinaAgain, rina, from)).extendedTextMessage?.text).toBe('Halo lagi Rina');
    expect((await wa.endpoint.messages.read(budiAgain, budi, from)).extendedTextMessage?.text).toBe('Halo lagi Budi');
  });
});

describe('a key written again', () => {
  it('is young again: the prune reads its last write, not its first', async () => {
    const rows = await rowsOf<{ id: number }>(sql`
      with member as (
        insert into users (firstname, lastname, email, password_hash, referral_code)
        values ('Sesi', 'Tulis', 'written@test.local', 'not-a-password', 'P0000002') returning id)
      insert into whatsapp_accounts (clientid, user_id, state, owner_id, lease_until, auth_state)
      select 'written', id, 'connected', ${WORKER}, now() + interval '1 hour',
        '{"creds": {"me": {"id": "6281100000009:3@s.whatsapp.net", "lid": "77000000000009:3@lid"}}}'::jsonb
      from member returning id`);
    const accountId = rows[0]?.id as number;
    const keyStore = accountKeyStore(database.db, accountId, WORKER);
    await keyStore.set({ 'device-list:6285700000001': ['0'], 'device-list:6285700000002': ['0'] });
    await database.db.execute(
      sql`update whatsapp_auth_keys set written_at = now() - interval '40 days' where account_id = ${accountId}`,
    );
    await keyStore.set({ 'device-list:6285700000002': ['0', '2'] });
    expect(await pruneAccountKeys(database.db, WORKER)).toBe(1);
    expect(await keysOf(accountId)).toEqual(['device-list:6285700000002']);
  });
});
