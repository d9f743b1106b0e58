import type { TLiveMessage } from '@sewablast/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRedisBus, type EventBus, type LiveEnvelope } from '../src/live/bus.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

/** Opens a socket and resolves with it, or with the HTTP status that refused the upgrade. */
function connect(query: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?${query}`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

async function open(query: string, headers?: Record<string, string>): Promise<WebSocket> {
  const socket = await connect(query, headers);
  if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
  return socket;
}

function collect(socket: WebSocket): string[] {
  const received: string[] = [];
  socket.on('message', (data) => received.push(data.toString()));
  return received;
}

const message = (deviceId: string): TLiveMessage => ({
  event: 'count_success',
  payload: { deviceId, date: new Date().toISOString(), count_success: 1, income: 100 },
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the live channel', () => {
  it("checks the token and that the channel is the caller's own", async () => {
    const member = await t.loginAs('member');
    const other = await t.loginAs('member');
    expect(await connect(`id=client-${member.user.id}`)).toBe(401);
    expect(await connect(`id=client-${member.user.id}&token=forged`)).toBe(401);
    expect(await connect(`id=client-${other.user.id}&token=${member.token}`)).toBe(403);
    expect(await connect(`id=client-admin&token=${member.token}`)).toBe(403);
    const own = await open(`id=client-${member.user.id}&token=${member.token}`);
    own.close();
    for (const role of ['staff', 'admin', 'dev'] as const) {
      const { token } = await t.loginAs(role);
      (await open(`id=client-admin&token=${token}`)).close();
    }
  });

  it('refuses a foreign Origin and accepts the dashboard’s own', async () => {
    const member = await t.loginAs('member');
    const query = `id=client-${member.user.id}&token=${member.token}`;
    expect(await connect(query, { origin: 'https://evil.test' })).toBe(403);
    const host = new URL(base).host;
    (await open(query, { origin: `http://${host}` })).close();
  });

  it('answers ping with pong, as text or JSON', async () => {
    const member = await t.loginAs('member');
    const socket = await open(`id=client-${member.user.id}&token=${member.token}`);
    const received = collect(socket);
    socket.send('ping');
    socket.send(JSON.stringify({ event: 'ping' }));
    await settle();
    expect(received).toEqual(['pong', JSON.stringify({ event: 'pong' })]);
    socket.close();
  });

  it("delivers a member's events to that member and to client-admin only", async () => {
    const alice = await t.loginAs('member');
    const bob = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    const aliceSocket = await open(`id=client-${alice.user.id}&token=${alice.token}`);
    const bobSocket = await open(`id=client-${bob.user.id}&token=${bob.token}`);
    const adminSocket = await open(`id=client-admin&token=${admin.token}`);
    const [toAlice, toBob, toAdmin] = [collect(aliceSocket), collect(bobSocket), collect(adminSocket)];

    await t.bus.publish({ userId: alice.user.id, message: message('device-alice') });
    await t.bus.publish({ userId: null, message: message('device-nobody') });
    await settle();
    expect(toAlice.map((raw) => JSON.parse(raw).payload.deviceId)).toEqual(['device-alice']);
    expect(toBob).toEqual([]);
    expect(toAdmin.map((raw) => JSON.parse(raw).payload.deviceId)).toEqual(['device-alice', 'device-nobody']);
    for (const socket of [aliceSocket, bobSocket, adminSocket]) socket.close();
  });
});

describe.skipIf(!hasRedis && !process.env.CI)('the Redis event bus', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('carries events between two processes’ buses', async () => {
    const errors: Error[] = [];
    const api: EventBus = await createRedisBus(redis.url, (error) => errors.push(error));
    const worker: EventBus = await createRedisBus(redis.url, (error) => errors.push(error));
    const received: LiveEnvelope[] = [];
    api.subscribe((envelope) => received.push(envelope));
    for (let i = 0; i < 100; i++) await worker.publish({ userId: 7, message: message(`device-${i}`) });
    const until = Date.now() + 5000;
    while (received.length < 100 && Date.now() < until) await settle();
    expect(received).toHaveLength(100);
    expect(received[99]).toMatchObject({
      userId: 7,
      message: { event: 'count_success', payload: { deviceId: 'device-99' } },
    });
    expect(errors).toEqual([]);
    await api.close();
    await worker.close();
  });
});
