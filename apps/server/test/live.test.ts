import type { TLiveMessage } from '@sewablast/contract/live';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRedisBus, type EventBus, type LiveEnvelope } from '../src/live/bus.ts';
import { MAX_SOCKETS_PER_USER } from '../src/live/gateway.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';

/** The dashboard's address as configured, deliberately not the address the test server listens on. */
const PUBLIC_URL = 'https://dashboard.sewablast.test';
const PARTNER = 'https://partner.test';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { PUBLIC_URL, ALLOWED_ORIGINS: [PARTNER] } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

interface Refusal {
  status: number;
  body: { msg?: unknown };
}

/** Opens a socket and resolves with it, or with the HTTP answer that refused the upgrade. */
function connect(query: string, headers: Record<string, string> = {}): Promise<WebSocket | Refusal> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?${query}`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    socket.once('error', reject);
  });
}

async function open(query: string, headers?: Record<string, string>): Promise<WebSocket> {
  const socket = await connect(query, headers);
  if (!(socket instanceof WebSocket)) throw new Error(`refused with ${socket.status}`);
  return socket;
}

async function refusal(query: string, headers?: Record<string, string>): Promise<Refusal> {
  const answer = await connect(query, headers);
  if (answer instanceof WebSocket) {
    answer.close();
    throw new Error(`opened: ${query.slice(0, 80)}`);
  }
  return answer;
}

const statusOf = async (query: string, headers?: Record<string, string>) => (await refusal(query, headers)).status;

function closed(socket: WebSocket, how: 'close' | 'terminate' = 'close'): Promise<void> {
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket[how]();
  });
}

/** Retries an upgrade the server refused with 429 until its count of the user's sockets has come down. */
async function openOnceFreed(query: string): Promise<WebSocket> {
  const until = Date.now() + 2000;
  for (;;) {
    const answer = await connect(query);
    if (answer instanceof WebSocket) return answer;
    if (answer.status !== 429 || Date.now() > until) throw new Error(`refused with ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function collect(socket: WebSocket): string[] {
  const received: string[] = [];
  socket.on('message', (data) => received.push(data.toString()));
  return received;
}

const message = (deviceId: string): TLiveMessage => ({
  event: 'count_success',
  payload: {
    deviceId,
    date: new Date().toISOString(),
    sender: { id: 1, user_id: 1, clientid: deviceId, state: 'connected', status: 'idle' },
    generatorId: 1,
    count_success: 1,
    number: '6281200000001',
    name: '',
    status: 'sending',
  },
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the live channel', () => {
  it("checks the token and that the channel is the caller's own", async () => {
    const member = await t.loginAs('member');
    const other = await t.loginAs('member');
    expect(await statusOf(`id=client-${member.user.id}`)).toBe(401);
    expect(await statusOf(`id=client-${member.user.id}&token=forged`)).toBe(401);
    expect(await statusOf(`id=client-${other.user.id}&token=${member.token}`)).toBe(403);
    expect(await statusOf(`id=client-admin&token=${member.token}`)).toBe(403);
    expect(await statusOf(`token=${member.token}`)).toBe(403);
    const own = await open(`id=client-${member.user.id}&token=${member.token}`);
    own.close();
    for (const role of ['staff', 'admin', 'dev'] as const) {
      const { token } = await t.loginAs(role);
      (await open(`id=client-admin&token=${token}`)).close();
    }
  });

  it('refuses a token signed before a password change', async () => {
    const member = await t.loginAs('member');
    const actor = { id: member.user.id, role: 'member' as const, sessionId: member.sessionId };
    const changed = await t.services.users.update(actor, member.user.id, {
      password: 'sandibaru1',
      current_password: 'secret123',
    });
    expect(await statusOf(`id=client-${member.user.id}&token=${member.token}`)).toBe(401);
    (await open(`id=client-${member.user.id}&token=${changed.token}`)).close();
  });

  it('answers a malformed query 400 with msg before any upgrade', async () => {
    const member = await t.loginAs('member');
    const id = `client-${member.user.id}`;
    const token = member.token;
    const cases = [
      `id=${id}&token=${'x'.repeat(8192)}`,
      `id=${'c'.repeat(65)}&token=${token}`,
      `id=${id}&token=${token}&token=${token}`,
      `id=${id}&id=${id}&token=${token}`,
      `id=client-admin&id=${id}&token=${token}`,
    ];
    for (const query of cases) {
      expect(await refusal(query), query.slice(0, 60)).toEqual({
        status: 400,
        body: { msg: SERVER_TEXT.invalidInput },
      });
    }
  });

  it('answers any other junk with a 4xx and msg, never a 5xx', async () => {
    const member = await t.loginAs('member');
    const id = `client-${member.user.id}`;
    const cases: Array<[string, number]> = [
      [`id=${id}&token=${'x'.repeat(4096)}`, 401],
      // A NUL byte anywhere in a request is refused as bad input before any other check.
      [`id=${id}&token=%00`, 400],
      [`id=${id}&token=${member.token}%00`, 400],
      [`id=${id}&token=%E0%A4%A&x=%`, 401],
      [`id=${id}&token[]=${member.token}`, 401],
      [`id[]=${id}&token=${member.token}`, 403],
      [`id=${id}%00&token=${member.token}`, 400],
      [`id=client-0${member.user.id}&token=${member.token}`, 403],
      [`id=client-${member.user.id}.0&token=${member.token}`, 403],
      [`id=client-99999999999999999999999&token=${member.token}`, 403],
      [`&&==&id&token`, 401],
    ];
    for (const [query, status] of cases) {
      const answer = await refusal(query);
      expect(answer.status, query.slice(0, 60)).toBe(status);
      expect(typeof answer.body.msg, query.slice(0, 60)).toBe('string');
    }
    // The same checks hold for a plain GET, which is never upgraded.
    const plain = await t.app.inject({ url: `/ws?id=${id}&token=${member.token}&token=x` });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ msg: SERVER_TEXT.invalidInput });
  });

  it('accepts the dashboard’s own Origin (PUBLIC_URL) and one listed in ALLOWED_ORIGINS', async () => {
    const member = await t.loginAs('member');
    const query = `id=client-${member.user.id}&token=${member.token}`;
    (await open(query, { origin: PUBLIC_URL })).close();
    (await open(query, { origin: PARTNER })).close();
  });

  it('refuses a foreign Origin with 403, even when the Host header names it', async () => {
    const member = await t.loginAs('member');
    const query = `id=client-${member.user.id}&token=${member.token}`;
    const forbidden = { status: 403, body: { msg: SERVER_TEXT.forbidden } };
    expect(await refusal(query, { origin: 'https://evil.test' })).toEqual(forbidden);
    expect(await refusal(query, { origin: 'http://evil.test', host: 'evil.test' })).toEqual(forbidden);
    // The address the server happens to listen on is not the dashboard's unless PUBLIC_URL says so.
    const listening = `http://${new URL(base).host}`;
    expect(await refusal(query, { origin: listening, host: new URL(base).host })).toEqual(forbidden);
    expect(await refusal(query, { origin: `${PUBLIC_URL}.evil.test` })).toEqual(forbidden);
    expect(await refusal(query, { origin: 'null' })).toEqual(forbidden);
  });

  it('judges a client without an Origin by its token alone', async () => {
    const member = await t.loginAs('member');
    (await open(`id=client-${member.user.id}&token=${member.token}`)).close();
    expect(await statusOf(`id=client-${member.user.id}&token=forged`)).toBe(401);
  });

  it(`caps a user at ${MAX_SOCKETS_PER_USER} sockets with 429, and frees a place when one closes`, async () => {
    const member = await t.loginAs('member');
    const other = await t.loginAs('member');
    const query = `id=client-${member.user.id}&token=${member.token}`;
    const sockets: WebSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await open(query));
    expect(await refusal(query)).toEqual({ status: 429, body: { msg: SERVER_TEXT.tooManyRequests } });
    // Another user's sockets are their own.
    const others = await open(`id=client-${other.user.id}&token=${other.token}`);

    await closed(sockets.pop() as WebSocket);
    sockets.push(await openOnceFreed(query));
    expect(await statusOf(query)).toBe(429);
    // A connection dropped without a close frame frees its place too.
    await closed(sockets.pop() as WebSocket, 'terminate');
    sockets.push(await openOnceFreed(query));

    await Promise.all([others, ...sockets].map((socket) => closed(socket)));
    const again = await openOnceFreed(query);
    again.close();
  });

  it('holds to the cap when many upgrades of one user arrive at once', async () => {
    const admin = await t.loginAs('admin');
    const answers = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER + 8 }, (_, i) =>
        connect(i % 2 ? `id=client-admin&token=${admin.token}` : `id=client-${admin.user.id}&token=${admin.token}`),
      ),
    );
    const opened = answers.filter((answer) => answer instanceof WebSocket);
    const refused = answers.filter((answer): answer is Refusal => !(answer instanceof WebSocket));
    expect(opened).toHaveLength(MAX_SOCKETS_PER_USER);
    expect(refused.map((answer) => answer.status)).toEqual(Array(8).fill(429));
    await Promise.all(opened.map((socket) => closed(socket)));
  });

  it('answers ping with pong, as text or JSON', async () => {
    const member = await t.loginAs('member');
    const socket = await open(`id=client-${member.user.id}&token=${member.token}`);
    const received = collect(socket);
    socket.send('ping');
    socket.send(JSON.stringify({ event: 'ping' }));
    await expect.poll(() => received).toEqual(['pong', JSON.stringify({ event: 'pong' })]);
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
    const deviceIds = (raws: string[]) => raws.map((raw) => JSON.parse(raw).payload.deviceId);
    await expect.poll(() => deviceIds(toAdmin)).toEqual(['device-alice', 'device-nobody']);
    await expect.poll(() => deviceIds(toAlice)).toEqual(['device-alice']);
    // Bob's socket was sent nothing by the time the last event reached the others.
    await settle();
    expect(toBob).toEqual([]);
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
