/**
 * The engine takes each path a real link and connection can take, as the simulator now produces them:
 * QR refs that run out, 515 after a scan, a logout from the phone, and 405 until a new version is out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { QUIET_RATES, SimulatorDriver, type SimulatorOptions } from '../src/wa/simulator.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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

const accountOf = async (clientid: string) =>
  (await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid)))[0];

/** A host of its own on the test database, its simulator set as told, and what it announced. */
async function hostWith(simulator: Partial<SimulatorOptions>) {
  const driver = new SimulatorDriver({
    seed: 9,
    scanMs: 600_000,
    delayMs: [1, 3],
    reconnectMs: 10,
    ...simulator,
    rates: { ...QUIET_RATES, ...simulator.rates },
  });
  const bus = createMemoryBus();
  const seen: string[] = [];
  bus.subscribe(({ message }) => {
    const state = 'state' in message.payload ? `:${String(message.payload.state)}` : '';
    seen.push(`${message.event}${state}`);
  });
  const released: number[] = [];
  const host = new SessionHost({
    files: t.services.fileStore,
    db: t.db,
    driver,
    bus,
    proxyOf: async () => null,
    releaseProxy: async (proxyId) => {
      released.push(proxyId);
    },
    linkTimeoutMs: 400,
    renewMs: 50,
  });
  return { driver, host, seen, released };
}

async function newRow(extra: Partial<typeof whatsappAccounts.$inferInsert> = {}) {
  const member = await t.loginAs('member');
  const [row] = await t.db
    .insert(whatsappAccounts)
    .values({ clientid: `sim-${Math.random().toString(36).slice(2, 10)}`, user_id: member.user.id, ...extra })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('the engine on the simulator’s link and connection paths', () => {
  it('shows new QRs after the refs run out and gives the link up when nobody scans', async () => {
    const { host, seen, driver } = await hostWith({ qrMs: [30, 20], qrRefs: 2, rates: { unscanned: 1 } });
    try {
      const row = await newRow();
      await host.link(row);
      expect(await until(async () => seen.filter((event) => event === 'qr').length >= 3)).toBe(true);
      expect(seen).toContain('connection.update:disconnected');
      expect(await until(async () => (await accountOf(row.clientid)) === undefined)).toBe(true);
      expect(host.holds(row.clientid)).toBe(false);
      expect(driver.control(row.clientid, 'scan')).toBe(false);
    } finally {
      await host.stop();
    }
  });

  it('links through a 515 restart after the scan without asking for a new scan', async () => {
    const { host, seen, driver } = await hostWith({ rates: { restartAfterScan: 1 } });
    try {
      const row = await newRow();
      await host.link(row);
      expect(await until(async () => seen.includes('qr'))).toBe(true);
      driver.control(row.clientid, 'scan');
      expect(await until(async () => (await accountOf(row.clientid))?.state === 'connected')).toBe(true);
      const linked = await accountOf(row.clientid);
      expect(linked).toMatchObject({ phonenumber: expect.stringMatching(/^628\d+$/), auth_state: expect.anything() });
      expect(seen.filter((event) => event === 'qr')).toHaveLength(1);
      expect(seen).not.toContain('connection.update:disconnected');
    } finally {
      await host.stop();
    }
  });

  it('ends a session logged out from the phone: loggedOut, proxy back, not restored again', async () => {
    const [proxy] = await t.db.insert(proxies).values({ value: 'http://10.0.0.21:3128' }).returning();
    const { host, driver, released } = await hostWith({});
    try {
      const row = await newRow({ proxy_id: proxy?.id });
      await host.link(row);
      await until(async () => host.holds(row.clientid));
      driver.control(row.clientid, 'scan');
      expect(await until(async () => (await accountOf(row.clientid))?.state === 'connected')).toBe(true);
      driver.control(row.clientid, 'logout');
      expect(await until(async () => (await accountOf(row.clientid))?.state === 'loggedOut')).toBe(true);
      expect(await accountOf(row.clientid)).toMatchObject({ proxy_id: null, last_error: 'Stream Errored (conflict)' });
      expect(released).toEqual([proxy?.id]);
      expect(await until(async () => !host.holds(row.clientid))).toBe(true);
    } finally {
      await host.stop();
      await t.db.delete(proxies);
    }
  });

  it("shows a restored session 'outdated' while WhatsApp refuses the version, then connected", async () => {
    const { host, seen } = await hostWith({ outdatedMs: [150, 200], rates: { outdated: 1 } });
    const row = await newRow({
      phonenumber: '6281200000077',
      state: 'connected',
      auth_state: { simulator: { phonenumber: '6281200000077', pushname: 'Versi Lama' } },
    });
    try {
      await host.start();
      expect(await until(async () => (await accountOf(row.clientid))?.state === 'outdated')).toBe(true);
      expect(await accountOf(row.clientid)).toMatchObject({
        last_error: 'WhatsApp refused this WhatsApp Web version (405)',
      });
      expect(await until(async () => (await accountOf(row.clientid))?.state === 'connected')).toBe(true);
      expect(seen.indexOf('connection.update:outdated')).toBeLessThan(seen.lastIndexOf('connection.update:connected'));
    } finally {
      await host.stop();
    }
  });
});
