/**
 * Two api nodes on one database and one Redis share every abuse limit (issue 20 item 13): the sign-in
 * lock of an account, the per-address limits of the routes, the sign-up lock of an address, the per-user
 * request budget and the live sockets a user may hold. Each is spent half on one node and half on the
 * other; kept per process, as before, neither node would have refused.
 */
import { randomBytes } from 'node:crypto';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../src/db/client.ts';
import { buildApp } from '../src/http/app.ts';
import { createRedisLimits } from '../src/lib/limit-store-redis.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { MAX_SOCKETS_PER_USER } from '../src/live/gateway.ts';
import { DEFAULT_LOGIN_GUARD, DEFAULT_SIGNUP_GUARD } from '../src/modules/auth/login-guard.ts';
import { createServices, type Services } from '../src/services.ts';
import { seededTestDatabase, testConfig } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';

interface Node {
  app: FastifyInstance;
  services: Services;
  ws: string;
}

describe.skipIf(!hasRedis && !process.env.CI)('two api nodes sharing one Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: Database;
  const nodes: Node[] = [];
  const closers: (() => Promise<void>)[] = [];
  /** The node a call goes to: the calls of each test alternate between the two. */
  let turn = 0;
  const next = () => nodes[turn++ % 2] as Node;

  beforeAll(async () => {
    redis = await startRedis();
    database = await seededTestDatabase();
    const secret = randomBytes(32);
    for (let i = 0; i < 2; i++) {
      const limits = await createRedisLimits(redis.url, (error) => {
        throw error;
      });
      const bus = createMemoryBus();
      const services = createServices(database.db, secret, { bus, driver: null, limits, timeZone: 'Asia/Jakarta' });
      const app = await buildApp({
        config: testConfig(database.kind, {
          ROLE: 'api',
          // A burst of one request and a token a hundred seconds: the second request anywhere is refused.
          USER_REQUESTS_PER_SECOND: 0.01,
        }),
        services,
        bus,
        version: 'test',
        logger: false,
      });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push({ app, services, ws: address.replace('http', 'ws') });
      closers.push(
        () => app.close(),
        () => limits.close(),
        () => bus.close(),
      );
    }
    closers.push(() => database.close());
  });
  afterAll(async () => {
    for (const close of closers) await close();
    redis?.stop();
  });

  const login = (email: string, password: string, address: string) =>
    next().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: address,
    });

  const register = (email: string, address: string) =>
    next().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Budi',
        lastName: 'Santoso',
        email,
        password: 'rahasia123',
        password2: 'rahasia123',
        agreeToTerms: true,
      },
      remoteAddress: address,
    });

  async function member() {
    const user = await nodes[0]?.services.users.create({
      firstname: 'Bersama',
      lastname: 'Dua',
      email: `bersama-${randomBytes(4).toString('hex')}@test.local`,
      password: 'benar12345',
      role: 'member',
      referred_by: null,
    });
    if (!user) throw new Error('no user');
    return {
      user,
      token: await nodes[0]?.services.userSessions.start(user, { address: '127.0.0.1', userAgent: 'vitest' }),
    };
  }

  it('locks an account after its failed sign-ins on both nodes together', async () => {
    const { user } = await member();
    for (let i = 0; i < DEFAULT_LOGIN_GUARD.maxFailures; i++)
      expect((await login(user.email, `tebak${i}`, `10.61.0.${i + 1}`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) {
      const stranger = await login(user.email, 'benar12345', '10.62.0.1');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toEqual({ msg: SERVER_TEXT.loginLocked(15) });
    }
  });

  it('limits one address across accounts on both nodes together (the route limit)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await login(`orang${i}@test.local`, 'x', '10.63.0.1')).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('stops an address from learning which emails exist, across both nodes', async () => {
    const taken = (await member()).user.email;
    const address = '10.64.0.1';
    for (let i = 0; i < DEFAULT_SIGNUP_GUARD.max; i++) expect((await register(taken, address)).statusCode).toBe(409);
    const locked = await register(`baru-${randomBytes(4).toString('hex')}@test.local`, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ msg: SERVER_TEXT.signupLocked(15) });
  });

  it("spends one user's request budget on both nodes together", async () => {
    const { token } = await member();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await next().app.inject({
        method: 'GET',
        url: '/api/admin/setting/get',
        headers: { authorization: `Bearer ${token}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 429, 429, 429]);
  });

  it(`holds a user to ${MAX_SOCKETS_PER_USER} live sockets over both nodes`, async () => {
    const { user, token } = await member();
    const query = `id=client-${user.id}&token=${token}`;
    const answers = [];
    for (let i = 0; i <= MAX_SOCKETS_PER_USER; i++) answers.push(await connect(next().ws, query));
    const opened = answers.filter((answer) => answer instanceof WebSocket);
    expect(opened).toHaveLength(MAX_SOCKETS_PER_USER);
    expect(answers.at(-1)).toEqual({ status: 429, body: { msg: SERVER_TEXT.tooManyRequests } });
    for (const socket of opened) socket.close();
  });
});

/** Opens a socket and resolves with it, or with the HTTP answer that refused the upgrade. */
function connect(base: string, query: string): Promise<WebSocket | { status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?${query}`);
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
