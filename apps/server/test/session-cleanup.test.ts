/**
 * What the session host cleans up on its own: links and re-links nobody completed, and the proxies of lost
 * accounts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
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
  it('quarantines the proxy of an account that is logged out by a ban, never handing its IP to the next one', async () => {
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
    expect(await until(async () => (await proxyStatus(proxy?.id ?? 0)) === 'karantina')).toBe(true);
    expect(await accountOf(id)).toMatchObject({ proxy_id: null, suspended: true, state: 'suspended' });
    live.close();
    await t.db.delete(proxies);
  });

  it('gives up a link nobody scanned, and removes unlinked rows a dead process left behind', async () => {
    const member = await t.loginAs('member');
    const [proxy] = await t.db.insert(proxies).values({ value: 'http://10.0.0.10:3128' }).returning();
    const released: number[] = [];
    const host = new SessionHost({
      files: t.services.fileStore,
      db: t.db,
      driver: new SimulatorDriver({ seed: 3, scanMs: 600_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF }),
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

  it('ends a re-link nobody scanned: the account stays, logged out, without session or proxy', async () => {
    const member = await t.loginAs('member');
    const pool = await t.db
      .insert(proxies)
      .values([{ value: 'http://10.0.0.11:3128' }, { value: 'http://10.0.0.12:3128' }])
      .returning();
    const released: number[] = [];
    const announced: string[] = [];
    const shownQrs: string[] = [];
    const bus = createMemoryBus();
    bus.subscribe(({ message }) => {
      if (message.event === 'qr') shownQrs.push(message.payload.deviceId);
      if (message.event === 'connection.update') announced.push(`${message.payload.deviceId}:${message.payload.state}`);
    });
    const driver = new SimulatorDriver({ seed: 4, scanMs: 600_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const host = new SessionHost({
      files: t.services.fileStore,
      db: t.db,
      driver,
      bus,
      proxyOf: async () => null,
      releaseProxy: async (proxyId) => {
        released.push(proxyId);
      },
      linkTimeoutMs: 200,
      renewMs: 50,
    });
    // What new-client leaves of a linked account it re-links: its number and counters, no credentials.
    const relinking = (
      clientid: string,
      proxyId: number | null,
      extra: Partial<typeof whatsappAccounts.$inferInsert> = {},
    ) =>
      t.db
        .insert(whatsappAccounts)
        .values({
          clientid: `${clientid}-${Date.now().toString(36)}`,
          user_id: member.user.id,
          phonenumber: '6281211112222',
          pushname: 'Andi',
          proxy_id: proxyId,
          count_success: 7,
          income: 700,
          ...extra,
        })
        .returning()
        .then(([row]) => {
          if (!row) throw new Error('no row');
          return row;
        });
    try {
      const abandoned = await relinking('relink', pool[0]?.id ?? null);
      await host.link(abandoned);
      expect(await until(async () => (await accountOf(abandoned.clientid))?.state === 'loggedOut')).toBe(true);
      expect(await accountOf(abandoned.clientid)).toMatchObject({
        phonenumber: '6281211112222',
        count_success: 7,
        income: 700,
        auth_state: null,
        proxy_id: null,
        owner_id: null,
      });
      expect(host.holds(abandoned.clientid)).toBe(false);
      expect(driver.control(abandoned.clientid, 'scan')).toBe(false);
      expect(released).toEqual([pool[0]?.id]);
      expect(announced).toContain(`${abandoned.clientid}:loggedOut`);

      // A re-link scanned in time (by the account's own phone) is no business of the give-up.
      const completed = await relinking('scanned', null);
      await host.link(completed);
      expect(driver.control(completed.clientid, 'scan', { phonenumber: '6281211112222' })).toBe(true);
      const linked = { state: 'connected', owner_id: host.workerId };
      await expect.poll(() => accountOf(completed.clientid)).toMatchObject(linked);
      // And it stays so past the link's give-up (linkTimeoutMs 200), which must leave the scanned link alone.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await accountOf(completed.clientid)).toMatchObject(linked);
      expect(host.holds(completed.clientid)).toBe(true);

      // The process that began this one died before its give-up.
      const old = new Date(Date.now() - 60 * 60_000);
      const orphan = await relinking('orphan-relink', pool[1]?.id ?? null, {
        state: 'reconnecting',
        owner_id: 'dead-worker',
        lease_until: old,
        updated_at: old,
      });
      const fresh = await relinking('fresh-relink', null, {
        state: 'reconnecting',
        owner_id: 'dead-worker',
        lease_until: old,
      });
      // Its process died after the driver wrote credentials of its own but before the scan: they ask for a QR.
      const unpaired = await relinking('unpaired-relink', null, {
        state: 'reconnecting',
        auth_state: { creds: { registered: false } },
      });
      await host.start();
      expect(await until(async () => (await accountOf(orphan.clientid))?.state === 'loggedOut')).toBe(true);
      expect(await until(async () => (await accountOf(unpaired.clientid))?.state === 'loggedOut')).toBe(true);
      expect(await accountOf(unpaired.clientid)).toMatchObject({ auth_state: null, owner_id: null });
      expect(host.holds(unpaired.clientid)).toBe(false);
      expect(announced).toContain(`${unpaired.clientid}:loggedOut`);
      expect(shownQrs).not.toContain(unpaired.clientid);
      expect(await accountOf(orphan.clientid)).toMatchObject({ proxy_id: null, count_success: 7 });
      expect(released).toEqual([pool[0]?.id, pool[1]?.id]);
      expect(await accountOf(fresh.clientid)).toMatchObject({ state: 'reconnecting' });
    } finally {
      await host.stop();
      await t.db.delete(proxies);
    }
  });
});
