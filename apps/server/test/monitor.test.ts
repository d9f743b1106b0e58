/**
 * The dev monitors (issue 14 item 1): devs only, 403 before anything else; this node's figures; a held
 * device's live state (locally, and from another process's worker over Redis); 404 for an id nobody holds;
 * the live sockets of an id, across nodes over Redis.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_CHANNEL, memberChannel } from '@sewablast/contract/live-channel';
import { MONITOR_TEXT } from '@sewablast/contract/monitor-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../src/db/schema.ts';
import { createRedisTransport } from '../src/engine/remote.ts';
import { buildApp } from '../src/http/app.ts';
import { createRedisBus } from '../src/live/bus.ts';
import { createServices } from '../src/services.ts';
import { forgetWaWebVersion, waWebVersion } from '../src/wa/baileys-version.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { buildTestApp, TEST_CLIENT, testConfig } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';
import { openLive } from './ws.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const dev = await t.loginAs('dev');
const get = (url: string, headers = dev.headers) => t.app.inject({ method: 'GET', url, headers });

/** Links a device for `userId` through the API and lets the simulator scan it. */
async function linkedDevice(userId: number, headers: Record<string, string>, call = t.app.inject.bind(t.app)) {
  const deviceId = `mon-${randomBytes(4).toString('hex')}`;
  const res = await call({
    method: 'POST',
    url: '/api/admin/whatsapp/new-client',
    headers,
    payload: { deviceId, userId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return deviceId;
}

describe('the dev monitors in one process', () => {
  it("shows the WhatsApp Web version Baileys' sessions announce, and a fallback to the bundled one with why", async () => {
    forgetWaWebVersion();
    // Nothing listens on port 9: the read fails as it does where web.whatsapp.com is blocked.
    await waWebVersion({ url: 'http://127.0.0.1:9/sw.js', bundled: [2, 3000, 1000000001] });
    const local = (await get('/dev/monitor/local')).json().data;
    expect(local.whatsappWebVersion).toMatchObject({
      version: '2.3000.1000000001',
      source: 'bundled',
      fallbackReason: expect.stringContaining('ECONNREFUSED'),
    });
    forgetWaWebVersion();
  });

  it('refuses every other role with 403, and bad ids with 400', async () => {
    for (const role of ['member', 'staff', 'admin'] as const) {
      const { headers } = await t.loginAs(role);
      for (const url of ['/dev/monitor/local', '/dev/monitor/remote?id=x', '/dev/monitor/socket?id=%00']) {
        const res = await get(url, headers);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/monitor/local' })).statusCode).toBe(401);
    for (const url of [
      '/dev/monitor/remote',
      '/dev/monitor/remote?id=a%20b',
      `/dev/monitor/socket?id=${'x'.repeat(65)}`,
    ])
      expect((await get(url)).statusCode, url).toBe(400);
  });

  it('shows this node, a held device and the sockets that receive its events', async () => {
    const deviceId = await linkedDevice(dev.user.id, dev.headers);
    t.simulator.control(deviceId, 'scan');
    await expect.poll(async () => (await get(`/dev/monitor/remote?id=${deviceId}`)).statusCode).toBe(200);

    const local = (await get('/dev/monitor/local')).json().data;
    expect(local).toMatchObject({ role: 'all', workerId: t.services.host?.workerId, pid: process.pid });
    expect(local.sessions.open).toBeGreaterThanOrEqual(1);
    expect(local.leases.clientids).toContain(deviceId);
    expect(local.memory.heapUsed).toBeGreaterThan(0);
    expect(local.loops).toEqual({ blast: 0, generator: 0, validator: 0 });

    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, deviceId));
    const remote = (await get(`/dev/monitor/remote?id=${deviceId}`)).json().data;
    expect(remote).toMatchObject({
      clientid: deviceId,
      account: { id: account?.id, user_id: dev.user.id },
      live: { workerId: t.services.host?.workerId, session: true, blast: false, job: null },
    });
    // An account id names the same device.
    expect((await get(`/dev/monitor/remote?id=${account?.id}`)).json().data.clientid).toBe(deviceId);

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLive(base, `id=${ADMIN_CHANNEL}&token=${dev.token}`);
    const socket = (await get(`/dev/monitor/socket?id=${deviceId}`)).json().data;
    expect(socket).toMatchObject({
      id: deviceId,
      channels: [memberChannel(dev.user.id), ADMIN_CHANNEL],
      scope: 'node',
    });
    expect(socket.connections).toEqual([
      expect.objectContaining({ channel: ADMIN_CHANNEL, userId: dev.user.id, role: 'dev' }),
    ]);
    expect((await get('/dev/monitor/local')).json().data.liveConnections).toBe(1);
    live.close();
    await expect
      .poll(async () => (await get(`/dev/monitor/socket?id=${ADMIN_CHANNEL}`)).json().data.connections)
      .toEqual([]);
  });

  it('answers 404 with a message for an unknown id or a device nobody holds', async () => {
    expect((await get('/dev/monitor/remote?id=no-such-device')).json()).toEqual({ msg: MONITOR_TEXT.unknownDevice });
    expect((await get('/dev/monitor/socket?id=no-such-device')).json()).toEqual({ msg: MONITOR_TEXT.unknownChannel });
    const [idle] = await t.db
      .insert(whatsappAccounts)
      .values({ clientid: 'mon-idle-device', user_id: dev.user.id, state: 'disconnected' })
      .returning();
    const res = await get(`/dev/monitor/remote?id=${idle?.clientid}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: MONITOR_TEXT.notHeld });
  });
});

describe.skipIf(!hasRedis && !process.env.CI)('the dev monitors across an api node and a worker', () => {
  it('reads a device from the worker that holds it, and counts sockets on every api node', async () => {
    const redis = await startRedis();
    const fail = (error: Error) => {
      throw error;
    };
    const secret = randomBytes(32);
    const simulator = new SimulatorDriver({
      seed: 3,
      scanMs: 60_000,
      delayMs: [1, 3],
      reconnectMs: 50,
      rates: RARE_FAULTS_OFF,
    });
    const node = async (driver: SimulatorDriver | null) => {
      const bus = await createRedisBus(redis.url, fail);
      const commands = await createRedisTransport(redis.url, fail);
      const services = createServices(t.db, secret, { bus, driver, commands, timeZone: 'Asia/Jakarta', secondMs: 10 });
      return { bus, commands, services };
    };
    const worker = await node(simulator);
    const apis = [await node(null), await node(null)];
    await worker.services.host?.start();
    const apps = await Promise.all(
      apis.map(({ services, bus }) =>
        buildApp({
          config: testConfig(t.database.kind, { ROLE: 'api', USER_REQUESTS_PER_SECOND: 100 }),
          services,
          bus,
          version: 'test',
          logger: false,
        }),
      ),
    );
    try {
      const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const headers = { authorization: `Bearer ${await apis[0]?.services.userSessions.start(dev.user, TEST_CLIENT)}` };
      const deviceId = await linkedDevice(dev.user.id, headers, first.inject.bind(first));
      expect(worker.services.host?.holds(deviceId)).toBe(true);
      const remote = await first.inject({ method: 'GET', url: `/dev/monitor/remote?id=${deviceId}`, headers });
      expect(remote.statusCode, remote.body).toBe(200);
      expect(remote.json().data.live).toEqual({
        workerId: worker.services.host?.workerId,
        session: true,
        blast: false,
        job: null,
      });
      const local = (await first.inject({ method: 'GET', url: '/dev/monitor/local', headers })).json().data;
      expect(local).toMatchObject({ role: 'api', workerId: null, sessions: { open: 0 }, leases: { held: 0 } });

      const token = headers.authorization.slice(7);
      const sockets = await Promise.all(
        [first, second].map(async (app) =>
          openLive(await app.listen({ port: 0, host: '127.0.0.1' }), `id=${ADMIN_CHANNEL}&token=${token}`),
        ),
      );
      const socket = (await first.inject({ method: 'GET', url: `/dev/monitor/socket?id=${deviceId}`, headers })).json()
        .data;
      expect(socket.scope).toBe('cluster');
      expect(socket.connections).toHaveLength(2);
      for (const live of sockets) live.close();
    } finally {
      for (const app of apps) await app.close();
      await worker.services.host?.stop();
      for (const { bus, commands } of [worker, ...apis]) {
        await bus.close();
        await commands.close();
      }
      redis.stop();
    }
  });
});
