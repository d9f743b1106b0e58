/** What the session host cleans up on its own: links nobody completed, and the proxies of lost accounts. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { SimulatorDriver } from '../src/wa/simulator.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
});
afterAll(() => t.close());

async function until(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

const proxyStatus = async (id: number) =>
  (await t.db.select({ status: proxies.status }).from(proxies).where(eq(proxies.id, id)))[0]?.status;
const accountOf = async (clientid: string) =>
  (await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid)))[0];

describe('session housekeeping', () => {
  it('frees the proxy of an account that is logged out by a ban', async () => {
    const [proxy] = await t.db.insert(proxies).values({ value: 'http://10.0.0.9:3128' }).returning();
    const member = await t.loginAs('member');
    const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
    const id = `lost-${Date.now().toString(36)}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp/new-client',
      headers: member.headers,
      payload: { deviceId: id, userId: member.user.id },
    });
    await live.next('qr', (message) => message.payload.deviceId === id);
    expect(await proxyStatus(proxy?.id ?? 0)).toBe('in use');
    await t.app.inject({ method: 'POST', url: `/dev/simulator/${id}/scan`, headers: dev.headers });
    await live.next('connection.update', (message) => message.payload.state === 'connected');

    await t.app.inject({ method: 'POST', url: `/dev/simulator/${id}/ban`, headers: dev.headers });
    expect(await until(async () => (await proxyStatus(proxy?.id ?? 0)) === 'active')).toBe(true);
    expect(await accountOf(id)).toMatchObject({ proxy_id: null, suspended: true, state: 'suspended' });
    live.close();
    await t.db.delete(proxies);
  });

  it('gives up a link nobody scanned, and removes unlinked rows a dead process left behind', async () => {
    const member = await t.loginAs('member');
    const [proxy] = await t.db.insert(proxies).values({ value: 'http://10.0.0.10:3128' }).returning();
    const released: number[] = [];
    const host = new SessionHost({
      db: t.db,
      driver: new SimulatorDriver({ seed: 3, scanMs: 600_000, delayMs: [1, 3] }),
      bus: createMemoryBus(),
      proxyOf: async () => null,
      releaseProxy: async (proxyId) => {
        released.push(proxyId);
      },
      linkTimeoutMs: 200,
      renewMs: 50,
    });
    try {
      const [pending] = await t.db
        .insert(whatsappAccounts)
        .values({ clientid: `pending-${Date.now().toString(36)}`, user_id: member.user.id, proxy_id: proxy?.id })
        .returning();
      if (!pending) throw new Error('no row');
      await host.link(pending);
      expect(host.holds(pending.clientid)).toBe(true);
      expect(await until(async () => (await accountOf(pending.clientid)) === undefined)).toBe(true);
      expect(host.holds(pending.clientid)).toBe(false);
      expect(released).toEqual([proxy?.id]);

      const old = new Date(Date.now() - 60 * 60_000);
      const [orphan] = await t.db
        .insert(whatsappAccounts)
        .values({
          clientid: `orphan-${Date.now().toString(36)}`,
          user_id: member.user.id,
          owner_id: 'dead-worker',
          lease_until: old,
          updated_at: old,
        })
        .returning();
      const [fresh] = await t.db
        .insert(whatsappAccounts)
        .values({
          clientid: `fresh-${Date.now().toString(36)}`,
          user_id: member.user.id,
          owner_id: 'dead-worker',
          lease_until: old,
        })
        .returning();
      await host.start();
      expect(await until(async () => (await accountOf(orphan?.clientid ?? '')) === undefined)).toBe(true);
      expect(await accountOf(fresh?.clientid ?? '')).toBeDefined();
    } finally {
      await host.stop();
      await t.db.delete(proxies);
    }
  });
});
