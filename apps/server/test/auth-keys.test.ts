import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../src/db/schema.ts';
import { accountKeyStore, clearAccountKeys, KeysLeaseLost } from '../src/engine/session/auth-keys.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("an account's signal keys in the database", () => {
  it('writes, overwrites, reads and deletes one key at a time, per account', async () => {
    const member = await t.loginAs('member');
    const [one, two] = await t.db
      .insert(whatsappAccounts)
      .values([
        { clientid: `keys-a-${Date.now()}`, user_id: member.user.id },
        { clientid: `keys-b-${Date.now()}`, user_id: member.user.id },
      ])
      .returning();
    if (!one || !two) throw new Error('no rows');
    const store = accountKeyStore(t.db, one.id);
    const other = accountKeyStore(t.db, two.id);
    const pair = { public: { type: 'Buffer', data: 'AQID' } };
    await store.set({ 'pre-key:1': pair, 'pre-key:2': pair, 'session:628.0': { v: 1 } });
    await other.set({ 'pre-key:1': { v: 'other' } });
    await store.set({ 'session:628.0': { v: 2 }, 'pre-key:2': null });
    expect(await store.get(['pre-key:1', 'pre-key:2', 'session:628.0', 'missing'])).toEqual({
      'pre-key:1': pair,
      'session:628.0': { v: 2 },
    });
    expect(await other.get(['pre-key:1'])).toEqual({ 'pre-key:1': { v: 'other' } });
    await clearAccountKeys(t.db, one.id);
    expect(await store.get(['pre-key:1', 'session:628.0'])).toEqual({});
    expect(await other.get(['pre-key:1'])).toEqual({ 'pre-key:1': { v: 'other' } });
  });

  it("writes a session's keys only while the worker's lease on the account runs", async () => {
    const member = await t.loginAs('member');
    const [row] = await t.db
      .insert(whatsappAccounts)
      .values({ clientid: `keys-lease-${Date.now()}`, user_id: member.user.id, owner_id: 'worker-a' })
      .returning();
    if (!row) throw new Error('no row');
    const lease = (until: string) =>
      t.db.execute(sql`update whatsapp_accounts set lease_until = now() + ${until}::interval where id = ${row.id}`);
    await lease('30 seconds');
    await accountKeyStore(t.db, row.id, 'worker-a').set({ 'session:1.0': { v: 1 } });
    const failure = await accountKeyStore(t.db, row.id, 'worker-b')
      .set({ 'session:1.0': { v: 2 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KeysLeaseLost);
    await lease('-1 second');
    expect(
      await accountKeyStore(t.db, row.id, 'worker-a')
        .set({ 'session:1.0': { v: 3 } })
        .catch((e) => e),
    ).toBeInstanceOf(KeysLeaseLost);
    expect(await accountKeyStore(t.db, row.id).get(['session:1.0'])).toEqual({ 'session:1.0': { v: 1 } });
  });
});
