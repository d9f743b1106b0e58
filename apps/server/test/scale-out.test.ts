/**
 * An `api` process and a `worker` process sharing one database and one Redis (DESIGN §1, §8): the member's
 * calls reach the session through commands to the lease holder, and its events come back to the api's
 * live channel.
 */
import { randomBytes } from 'node:crypto';
import type { TLiveMessage } from '@sewablast/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import { createRedisTransport, RemoteEngine } from '../src/engine/remote.ts';
import type { SessionHost } from '../src/engine/session/session-host.ts';
import { buildApp } from '../src/http/app.ts';
import { createRedisBus } from '../src/live/bus.ts';
import { createServices, type Services } from '../src/services.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { seededTestDatabase, TEST_CLIENT, testConfig } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';
import { openLive } from './ws.ts';

describe.skipIf(!hasRedis && !process.env.CI)('an api process and a worker process', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: Database;
  let worker: Services;
  let api: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  const closers: (() => Promise<void>)[] = [];
  const simulator = new SimulatorDriver({
    seed: 11,
    scanMs: 60_000,
    delayMs: [1, 3],
    reconnectMs: 50,
    rates: { ...RARE_FAULTS_OFF, transient: 0, disconnect: 0, ban: 0, rejected: 0 },
  });

  beforeAll(async () => {
    redis = await startRedis();
    database = await seededTestDatabase();
    await database.db.update(settings).set({ interval_min: 1, interval_max: 1 });
    await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
    await database.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 20 }, (_, i) => ({ number: `62856100${String(i).padStart(4, '0')}`, name: `N${i}` })),
      );
    const secret = randomBytes(32);
    const fail = (error: Error) => {
      throw error;
    };
    const workerBus = await createRedisBus(redis.url, fail);
    const workerCommands = await createRedisTransport(redis.url, fail);
    const apiBus = await createRedisBus(redis.url, fail);
    const apiCommands = await createRedisTransport(redis.url, fail);
    worker = createServices(database.db, secret, {
      bus: workerBus,
      driver: simulator,
      commands: workerCommands,
      timeZone: 'Asia/Jakarta',
      secondMs: 10,
    });
    api = createServices(database.db, secret, {
      bus: apiBus,
      driver: null,
      commands: apiCommands,
      timeZone: 'Asia/Jakarta',
      secondMs: 10,
    });
    await worker.host?.start();
    app = await buildApp({
      config: testConfig(database.kind, { ROLE: 'api' }),
      services: api,
      bus: apiBus,
      version: 'test',
      logger: false,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(
      () => app.close(),
      async () => worker.host?.stop(),
      () => workerBus.close(),
      () => workerCommands.close(),
      () => apiBus.close(),
      () => apiCommands.close(),
      () => database.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
    redis?.stop();
  });

  it('links, blasts, sends from the Blaster, stops and removes through the worker', async () => {
    expect(api.host).toBeNull();
    const member = await api.users.create({
      firstname: 'Jauh',
      lastname: 'Sekali',
      email: `jauh-${Date.now()}@test.local`,
      password: 'secret123',
      role: 'member',
      referred_by: null,
    });
    const headers = { authorization: `Bearer ${await api.userSessions.start(member, TEST_CLIENT)}` };
    const admin = await api.users.create({
      firstname: 'Admin',
      lastname: 'Jauh',
      email: `admin-jauh-${Date.now()}@test.local`,
      password: 'secret123',
      role: 'admin',
      referred_by: null,
    });
    const adminHeaders = { authorization: `Bearer ${await api.userSessions.start(admin, TEST_CLIENT)}` };
    const developer = await api.users.create({
      firstname: 'Dev',
      lastname: 'Jauh',
      email: `dev-jauh-${Date.now()}@test.local`,
      password: 'secret123',
      role: 'dev',
      referred_by: null,
    });
    const devHeaders = { authorization: `Bearer ${await api.userSessions.start(developer, TEST_CLIENT)}` };
    const post = (url: string, payload: object, as = headers) =>
      app.inject({ method: 'POST', url: `/api/admin/whatsapp/${url}`, headers: as, payload: payload as never });
    const live = await openLive(
      base,
      `id=client-${member.id}&${new URLSearchParams({ token: headers.authorization.slice(7) })}`,
    );
    const deviceId = `remote-${Date.now().toString(36)}`;

    expect((await post('new-client', { deviceId, userId: member.id })).statusCode).toBe(200);
    await live.next('qr', (message) => message.payload.deviceId === deviceId);
    expect(worker.host?.holds(deviceId)).toBe(true);
    // The dev simulator's controls on the api process reach the session the worker holds.
    const simulate = (id: string, action: string) =>
      app.inject({ method: 'POST', url: `/dev/simulator/${id}/${action}`, headers: devHeaders });
    expect((await simulate('nobody-holds-this', 'scan')).statusCode).toBe(404);
    const scanned = await simulate(deviceId, 'scan');
    expect(scanned.json()).toEqual({ msg: `scan: ${deviceId}` });
    const authenticated = await live.next('authenticated', (message) => message.payload.deviceId === deviceId);
    expect(authenticated.payload.server).toBe(worker.host?.workerId);
    await live.next('connection.update', (message) => message.payload.state === 'connected');

    expect((await post('start-blasting', { whatsappClientId: deviceId, loop: true })).statusCode).toBe(200);
    await live.next('count_success', (message) => message.payload.deviceId === deviceId, 10_000);

    // The Blaster is the operators' tool: an admin sends through the member's linked account.
    const sent = await post(
      'send-message/1',
      { senders: String(authenticated.payload.phonenumber), targets: '6285610000001', message: 'Dari api' },
      adminHeaders,
    );
    expect(sent.json()).toMatchObject({ results: [{ number: '6285610000001', status: 'success' }] });
    expect(simulator.sentBy(deviceId).some((record) => record.text === 'Dari api')).toBe(true);

    const stopped = await post('stop-blasting', { whatsappClientId: deviceId });
    expect(stopped.json().whatsapp).toMatchObject({ blasting: false, status: 'idle' });
    await live.next('stop', (message) => message.payload.deviceId === deviceId);

    expect((await post('remove-client', { deviceId })).statusCode).toBe(200);
    expect(worker.host?.holds(deviceId)).toBe(false);
    expect(await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, deviceId))).toEqual(
      [],
    );
    live.close();
  });

  it("wakes the worker's held blasts when the api process saves the settings", async () => {
    const recheck = vi.spyOn(worker.host as SessionHost, 'recheck');
    const admin = await api.users.create({
      firstname: 'Atur',
      lastname: 'Jauh',
      email: `atur-jauh-${Date.now()}@test.local`,
      password: 'secret123',
      role: 'admin',
      referred_by: null,
    });
    const headers = { authorization: `Bearer ${await api.userSessions.start(admin, TEST_CLIENT)}` };
    const { setting } = (await app.inject({ method: 'GET', url: '/api/admin/setting/get', headers })).json();
    const { id: _id, time_zone: _zone, ...values } = setting;
    const saved = await app.inject({ method: 'PUT', url: '/api/admin/setting/update', headers, payload: values });
    expect(saved.statusCode).toBe(200);
    await expect.poll(() => recheck.mock.calls).toEqual([[undefined]]);
    recheck.mockRestore();
  });

  it('runs, stops and resumes a generator on the worker that holds its account', async () => {
    const staff = await api.users.create({
      firstname: 'Staf',
      lastname: 'Jauh',
      email: `staf-jauh-${Date.now()}@test.local`,
      password: 'secret123',
      role: 'staff',
      referred_by: null,
    });
    const headers = { authorization: `Bearer ${await api.userSessions.start(staff, TEST_CLIENT)}` };
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers, payload: payload as never });
    const live = await openLive(
      base,
      `id=client-${staff.id}&${new URLSearchParams({ token: headers.authorization.slice(7) })}`,
    );
    const deviceId = `remote-job-${Date.now().toString(36)}`;
    await call('/api/admin/whatsapp/new-client', { deviceId, userId: staff.id });
    await live.next('qr', (message) => message.payload.deviceId === deviceId);
    simulator.control(deviceId, 'scan');
    await live.next('connection.update', (message) => message.payload.state === 'connected');
    const [account] = await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, deviceId));

    const created = await call('/api/admin/generator/create', {
      whatsapp_id: account?.id,
      start_number: '628570000000',
      end_number: '628570000039',
      interval_min: 1,
      interval_max: 1,
    });
    const { id } = created.json().generator;
    const mine = (message: TLiveMessage) => 'generatorId' in message.payload && message.payload.generatorId === id;
    expect((await call('/api/admin/generator/start', { id })).statusCode).toBe(200);
    await live.next('count_success', mine, 10_000);
    expect((await call('/api/admin/generator/stop', { id })).statusCode).toBe(200);
    await live.next('stop', mine);
    expect((await call('/api/admin/generator/start', { id })).statusCode).toBe(200);
    const finished = await live.next('finished', mine, 20_000);
    const { payload } = finished;
    expect('count_success' in payload ? payload.count_success + payload.count_fail : 0).toBe(40);
    expect(simulator.checksBy(deviceId)).toBe(40);
    live.close();
  });

  it('asks no worker, and so never waits, when no lease holds the account', async () => {
    const requests: unknown[] = [];
    const remote = new RemoteEngine(database.db, {
      nodeId: 'probe',
      request: async (request) => {
        requests.push(request);
      },
      reply: async () => {},
      onRequest() {},
      onReply() {},
      close: async () => {},
    });
    await remote.halt('nobody-holds-this');
    await remote.logout('nobody-holds-this');
    expect(await remote.simulate('nobody-holds-this', 'ban')).toBe(false);
    await expect(
      remote.sendNow('nobody-holds-this', { number: '6285610000001', name: '' }, { text: 'x' }),
    ).rejects.toThrow(/worker/);
    expect(requests).toEqual([]);
  });
});
