/**
 * The live channel follows the sessions: a socket is checked when it opens and again whenever its user's
 * sessions change (a new password, a new role, a temporary password, a sign-out, a revoked session), on
 * every node, so that an old token's socket is closed within a second and gets no further event.
 */
import { randomBytes } from 'node:crypto';
import type { TLiveMessage } from '@sewablast/contract/live';
import { SESSION_ENDED_CLOSE } from '@sewablast/contract/live-channel';
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../src/db/client.ts';
import { buildApp } from '../src/http/app.ts';
import { createMemoryBus, createRedisBus, type EventBus } from '../src/live/bus.ts';
import { createTokenService } from '../src/modules/auth/tokens.ts';
import { createServices, type Services } from '../src/services.ts';
import { buildTestApp, seededTestDatabase, TEST_CLIENT, type TestApp, testConfig } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';

/** What the brief of the live channel promises: closed within a second of the change. */
const CLOSE_WITHIN_MS = 1000;

interface LiveSocket {
  socket: WebSocket;
  messages: TLiveMessage[];
  /** Resolves with the close code, or rejects when the socket is still open after `ms`. */
  closed(ms?: number): Promise<number>;
}

async function openSocket(base: string, channel: string, token: string): Promise<LiveSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?id=${channel}&token=${token}`);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
  });
  const messages: TLiveMessage[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    if (text.startsWith('{')) messages.push(JSON.parse(text) as TLiveMessage);
  });
  return {
    socket,
    messages,
    closed: (ms = CLOSE_WITHIN_MS) =>
      Promise.race([
        closed,
        new Promise<number>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`${channel} still open after ${ms} ms`)), ms),
        ),
      ]),
  };
}

/** An event of the member's account, as the engine publishes it. */
const event = (userId: number, deviceId: string) => ({
  userId,
  message: { event: 'qr', payload: { deviceId, date: new Date().toISOString(), qr: 'secret-qr' } } as TLiveMessage,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('on one node', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('closes the old socket of a member who changed their password, which then receives nothing', async () => {
    const { user, token, headers } = await t.loginAs('member');
    const live = await openSocket(base, `client-${user.id}`, token);
    await t.bus.publish(event(user.id, 'before-change'));
    await expect.poll(() => live.messages.map((message) => message.payload.deviceId)).toEqual(['before-change']);
    const changed = await call('PUT', `/api/admin/users/${user.id}`, headers, {
      current_password: 'secret123',
      password: 'sandibaru1',
    });
    expect(changed.statusCode).toBe(200);
    expect(await live.closed()).toBe(SESSION_ENDED_CLOSE);
    await t.bus.publish(event(user.id, 'after-change'));
    await settle();
    expect(live.messages.map((message) => message.payload.deviceId)).toEqual(['before-change']);
    // The tab that changed it goes on with its fresh token.
    (await openSocket(base, `client-${user.id}`, changed.json().token)).socket.close();
  });

  it('closes a socket when its token expires, though nothing about the session changed (attack pass)', async () => {
    const { user, token } = await t.loginAs('member');
    const claims = await t.services.tokens.verify(token);
    if (!claims) throw new Error('no claims');
    // The same session's token, signed to expire within two seconds: a stolen token's socket must not outlive it.
    const short = await createTokenService(t.jwtSecret, 2).sign(claims);
    const live = await openSocket(base, `client-${user.id}`, short);
    expect(await live.closed(2000 + CLOSE_WITHIN_MS)).toBe(SESSION_ENDED_CLOSE);
  });

  it("closes a demoted staff user's client-admin socket, and keeps their own channel", async () => {
    const dev = await t.loginAs('dev');
    const staff = await t.loginAs('staff');
    const admin = await openSocket(base, 'client-admin', staff.token);
    const own = await openSocket(base, `client-${staff.user.id}`, staff.token);
    const demoted = await call('PUT', `/api/admin/users/${staff.user.id}`, dev.headers, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(await admin.closed()).toBe(SESSION_ENDED_CLOSE);
    const member = await t.loginAs('member');
    await t.bus.publish(event(member.user.id, 'another-members-device'));
    await settle();
    expect(admin.messages).toEqual([]);
    expect(own.socket.readyState).toBe(WebSocket.OPEN);
    own.socket.close();
  });

  it('closes the socket of a session that signs out or is revoked, and only that one', async () => {
    const { user, token, headers } = await t.loginAs('member');
    const phone = await t.signIn(user);
    const tablet = await t.signIn(user);
    const here = await openSocket(base, `client-${user.id}`, token);
    const onPhone = await openSocket(base, `client-${user.id}`, phone.token);
    const onTablet = await openSocket(base, `client-${user.id}`, tablet.token);
    expect((await call('POST', '/api/auth/logout', {}, { token: phone.token })).statusCode).toBe(200);
    expect(await onPhone.closed()).toBe(SESSION_ENDED_CLOSE);
    const tabletId = (await t.services.tokens.verify(tablet.token))?.sessionId;
    expect((await call('DELETE', `/api/auth/sessions/${tabletId}`, headers)).statusCode).toBe(200);
    expect(await onTablet.closed()).toBe(SESSION_ENDED_CLOSE);
    await t.bus.publish(event(user.id, 'still-here'));
    await expect.poll(() => here.messages.map((message) => message.payload.deviceId)).toEqual(['still-here']);
    here.socket.close();
  });

  it('closes the other devices’ sockets on "sign out everywhere" and on a temporary password', async () => {
    const admin = await t.loginAs('admin');
    const { user, token, headers } = await t.loginAs('member');
    const other = await t.signIn(user);
    const here = await openSocket(base, `client-${user.id}`, token);
    const there = await openSocket(base, `client-${user.id}`, other.token);
    await call('POST', '/api/auth/sessions/revoke-others', headers);
    expect(await there.closed()).toBe(SESSION_ENDED_CLOSE);
    expect(here.socket.readyState).toBe(WebSocket.OPEN);
    await call('POST', `/api/admin/users/${user.id}/temporary-password`, admin.headers, {});
    expect(await here.closed()).toBe(SESSION_ENDED_CLOSE);
  });

  it('refuses a socket to a session signed in with a temporary password', async () => {
    const admin = await t.loginAs('admin');
    const { user } = await t.loginAs('member');
    await call('POST', `/api/admin/users/${user.id}/temporary-password`, admin.headers, { password: 'sementara1' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'sementara1' },
    });
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(
        `${base.replace(/^http/, 'ws')}/ws?id=client-${user.id}&token=${signedIn.json().token}`,
      );
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ msg: SESSION_TEXT.temporaryOnly });
  });
});

/**
 * The upgrade-versus-sign-out race: the session ends after the socket's token was checked but before the
 * socket is listed under its user, so the announcement finds no socket of theirs to check. The gateway
 * counts announcements and checks such a socket again once it is listed.
 */
describe('a socket that upgrades while its session ends', () => {
  let database: Database;
  let services: Services;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  /** Runs once, right after the next check of this token found it good, before the gateway goes on. */
  let afterCheck: { token: string; run: () => Promise<void> } | null = null;

  beforeAll(async () => {
    database = await seededTestDatabase();
    const bus = createMemoryBus();
    services = createServices(database.db, randomBytes(32), { bus, driver: null, timeZone: 'Asia/Jakarta' });
    const authenticate: typeof services.authenticate = async (token) => {
      const caller = await services.authenticate(token);
      const pending = afterCheck;
      if (caller && pending?.token === token) {
        afterCheck = null;
        await pending.run();
      }
      return caller;
    };
    app = await buildApp({
      config: testConfig(database.kind, { ROLE: 'api' }),
      services: { ...services, authenticate },
      bus,
      version: 'test',
      logger: false,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const member = async () => {
    const user = await services.users.create({
      firstname: 'Balapan',
      lastname: 'Sesi',
      email: `balapan-${randomBytes(3).toString('hex')}@test.local`,
      password: 'secret123',
    });
    return { user, token: await services.userSessions.start(user, TEST_CLIENT) };
  };

  it('ends closed when the session signs out between the token check and the upgrade', async () => {
    const { user, token } = await member();
    afterCheck = { token, run: () => services.userSessions.signOut(token) };
    const live = await openSocket(base, `client-${user.id}`, token);
    expect(await live.closed()).toBe(SESSION_ENDED_CLOSE);
    expect(afterCheck).toBeNull();
  });

  it('ends closed when a new password ends every session meanwhile', async () => {
    const { user, token } = await member();
    const other = await services.userSessions.start(user, TEST_CLIENT);
    afterCheck = {
      token,
      run: async () => {
        const changed = await app.inject({
          method: 'PUT',
          url: `/api/admin/users/${user.id}`,
          headers: { authorization: `Bearer ${other}` },
          payload: { current_password: 'secret123', password: 'sandibaru1' },
        });
        expect(changed.statusCode).toBe(200);
      },
    };
    const live = await openSocket(base, `client-${user.id}`, token);
    expect(await live.closed()).toBe(SESSION_ENDED_CLOSE);
  });

  it('stays open when the announcement is of another user', async () => {
    const { user, token } = await member();
    const someone = await member();
    afterCheck = { token, run: () => services.userSessions.signOut(someone.token) };
    const live = await openSocket(base, `client-${user.id}`, token);
    await settle();
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    live.socket.close();
  });
});

describe.skipIf(!hasRedis && !process.env.CI)('across api nodes on one Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: Database;
  const nodes: { services: Services; app: Awaited<ReturnType<typeof buildApp>>; base: string; bus: EventBus }[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    database = await seededTestDatabase();
    const secret = randomBytes(32);
    for (let i = 0; i < 2; i++) {
      const bus = await createRedisBus(redis.url, (error) => {
        throw error;
      });
      const services = createServices(database.db, secret, { bus, driver: null, timeZone: 'Asia/Jakarta' });
      const app = await buildApp({
        config: testConfig(database.kind, { ROLE: 'api' }),
        services,
        bus,
        version: 'test',
        logger: false,
      });
      nodes.push({ services, app, bus, base: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.bus.close();
    }
    await database?.close();
    redis?.stop();
  });

  it('closes a socket held by one node when the session ends on the other', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const user = await a.services.users.create({
      firstname: 'Dua',
      lastname: 'Node',
      email: `dua-node-${randomBytes(3).toString('hex')}@test.local`,
      password: 'secret123',
    });
    const token = await a.services.userSessions.start(user, TEST_CLIENT);
    const other = await a.services.userSessions.start(user, TEST_CLIENT);
    const onB = await openSocket(b.base, `client-${user.id}`, token);
    const otherOnB = await openSocket(b.base, `client-${user.id}`, other);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { token } });
    expect(out.statusCode).toBe(200);
    expect(await onB.closed()).toBe(SESSION_ENDED_CLOSE);
    // A password change made on node A ends the rest on node B.
    const changed = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      headers: { authorization: `Bearer ${other}` },
      payload: { current_password: 'secret123', password: 'sandibaru1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await otherOnB.closed()).toBe(SESSION_ENDED_CLOSE);
    await a.bus.publish(event(user.id, 'after'));
    await settle();
    expect(onB.messages).toEqual([]);
    expect(otherOnB.messages).toEqual([]);
  });
});
