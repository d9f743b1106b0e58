/**
 * A host stopped while the sessions it claimed are still opening (the engine bench's stop that hung at its
 * 300 s cap, issue 22): a login that never answers, a proxy whose lookup never answers, a session that
 * connects. The stop returns within its bound, gives every lease back, and a login that answers after it is
 * let go at once: nothing of the host goes on.
 */
import { createServer, type Socket } from 'node:net';
import * as baileys from 'baileys';
import { eq, notInArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { proxies, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { BaileysDriver } from '../src/wa/baileys.ts';
import { toJson } from '../src/wa/baileys-keys.ts';
import type { WaDriver, WaSession } from '../src/wa/driver.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { silentServer } from './baileys-wire.ts';
import { aSimulatorAccount } from './factories.ts';
import { seededTestDatabase } from './harness.ts';

let database: Database;
let userId: number;
beforeAll(async () => {
  const seeded = await seededTestDatabase();
  database = seeded;
  userId = seeded.devId;
});
afterAll(() => database.close());

async function linkedAccount(proxyId: number | null = null, authState: unknown = null) {
  const values = { proxy_id: proxyId, ...(authState ? { auth_state: authState } : {}) };
  return (await aSimulatorAccount(database.db, { userId, tag: 'stopping' }, values)).clientid;
}

const rowOf = async (clientid: string) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid)))[0];

describe('a host stopped while its sessions are opening', () => {
  it('returns within its bound, gives every lease back, and lets a login that answers late go', async () => {
    const [proxy] = await database.db
      .insert(proxies)
      .values({ value: 'http://10.9.9.9:3128', status: 'in use' })
      .returning();
    const connects = await linkedAccount();
    const neverLogsIn = await linkedAccount();
    const behindProxy = await linkedAccount(proxy?.id ?? null);
    const simulator = new SimulatorDriver({ seed: 31, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    let letIn = () => {};
    const lateSessions: WaSession[] = [];
    const opening: string[] = [];
    const driver: WaDriver = {
      name: 'simulator',
      open: async (options) => {
        opening.push(options.deviceId);
        if (options.deviceId === neverLogsIn) {
          await new Promise<void>((resolve) => {
            letIn = resolve;
          });
          const session = await simulator.open(options);
          lateSessions.push(session);
          return session;
        }
        return simulator.open(options);
      },
    };
    const host = new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver,
      bus: createMemoryBus(),
      // The proxy's lookup never answers.
      proxyOf: () => new Promise(() => {}),
      releaseProxy: async () => {},
      renewMs: 600_000,
      claimMs: 600_000,
      stagger: async () => {},
      stopOpensMs: 200,
    });
    const started = host.start();
    await expect.poll(() => host.holds(connects)).toBe(true);
    await expect.poll(() => opening.includes(neverLogsIn)).toBe(true);
    expect(host.holds(behindProxy)).toBe(false);

    await host.stop();
    // start() waited for its round's logins: it returns too.
    await started;
    for (const clientid of [connects, neverLogsIn, behindProxy]) {
      expect((await rowOf(clientid))?.owner_id).toBeNull();
    }
    // The login answers after the stop: its session is let go at once, never held.
    letIn();
    await expect.poll(() => lateSessions.length).toBe(1);
    await expect.poll(() => (lateSessions[0] as unknown as { state: string }).state).toBe('closed');
    expect(host.holds(neverLogsIn)).toBe(false);
    expect(host.activity().clientids).toEqual([]);
  });
});

/** A proxy that takes connections and never answers; `open` counts those not closed yet. */
async function silentProxy() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    // Read (and ignore) what comes, so that the client's end is seen.
    socket.resume();
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, open: () => sockets.size, close: () => server.close() };
}

describe('a host stopped while real Baileys sockets are logging in', () => {
  it('leaves no socket behind: one in the noise handshake, one at a proxy that never answers', async () => {
    const wa = await silentServer();
    const proxy = await silentProxy();
    const [proxyRow] = await database.db.insert(proxies).values({ value: proxy.url, status: 'in use' }).returning();
    const creds = { creds: toJson(baileys, baileys.initAuthCreds()) };
    const handshaking = await linkedAccount(null, creds);
    const proxied = await linkedAccount(proxyRow?.id ?? null, creds);
    await database.db
      .update(whatsappAccounts)
      .set({ owner_id: 'another-worker', lease_until: new Date(Date.now() + 3_600_000) })
      .where(notInArray(whatsappAccounts.clientid, [handshaking, proxied]));
    const driver = new BaileysDriver({
      version: async () => [2, 3000, 1029000000],
      makeSocket: (config) => baileys.makeWASocket({ ...config, waWebSocketUrl: wa.url }) as never,
      logger: pino({ level: 'silent' }),
    });
    const host = new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver,
      bus: createMemoryBus(),
      proxyOf: async (id) => (id === proxyRow?.id ? proxy.url : null),
      releaseProxy: async () => {},
      renewMs: 600_000,
      claimMs: 600_000,
      stagger: async () => {},
      stopOpensMs: 200,
    });
    const started = host.start();
    await expect.poll(() => wa.server.clients.size, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => proxy.open(), { timeout: 10_000 }).toBe(1);
    expect(host.activity().clientids.toSorted()).toEqual([handshaking, proxied].toSorted());

    await host.stop();
    await started;
    for (const clientid of [handshaking, proxied]) expect((await rowOf(clientid))?.owner_id).toBeNull();
    await expect.poll(() => wa.server.clients.size, { timeout: 10_000 }).toBe(0);
    await expect.poll(() => proxy.open(), { timeout: 10_000 }).toBe(0);
    proxy.close();
    await wa.close();
  });
});
