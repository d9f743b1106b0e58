/**
 * The access layer from outside (issue 9): a route's own rule decides, before its body is read; encoded
 * paths, forged addresses, password guessing, the operators' tools, the proxy pool and one user's flood.
 */
import { BONUS_TEXT } from '@sewablast/contract/bonus-text';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { MAX_PENDING_LINKS, WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, userSessions, users, whatsappAccounts } from '../src/db/schema.ts';
import { bearerToken } from '../src/http/access.ts';
import { buildTestApp, DEV_EMAIL, DEV_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

describe('bearerToken', () => {
  it('reads only a well-formed bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});

describe('the signed-in hook', () => {
  it('records when a user and their session were last seen, at most once a minute', async () => {
    const { user, headers, sessionId = 0 } = await t.loginAs('member');
    const seen = async () => {
      const [row] = await t.db.select().from(userSessions).where(eq(userSessions.id, sessionId));
      return { session: row?.last_seen_at, user: (await t.services.users.findById(user.id))?.last_seen_at };
    };
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.update(userSessions).set({ last_seen_at: twoMinutesAgo }).where(eq(userSessions.id, sessionId));
    await t.db.update(users).set({ last_seen_at: twoMinutesAgo }).where(eq(users.id, user.id));
    await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers });
    const first = await seen();
    expect(first.session?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
    expect(first.user?.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
    // Within the minute, requests read the row and write nothing.
    await t.db.update(users).set({ last_seen_at: twoMinutesAgo }).where(eq(users.id, user.id));
    await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers });
    expect((await seen()).user).toEqual(twoMinutesAgo);
  });
});

describe('the matched route decides', () => {
  it('refuses to start with a route that declares no access rule', async () => {
    await expect(
      buildTestApp({ routes: (app) => app.get('/api/undeclared', async () => ({ ok: true })) }),
    ).rejects.toThrow(/GET \/api\/undeclared/);
  });

  it('authenticates an encoded path like the path it decodes to', async () => {
    for (const url of ['/%61pi/admin/setting/get', '/api/%61dmin/setting/get', '/api/admin/setting/%67et']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ msg: TEXT.tokenMissing });
    }
    const member = await t.loginAs('member');
    const res = await t.app.inject({ method: 'PUT', url: '/%61pi/admin/setting/update', headers: member.headers });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 before it reads the body, so a caller above their role learns no field names', async () => {
    const member = await t.loginAs('member');
    const staff = await t.loginAs('staff');
    for (const caller of [member, staff]) {
      for (const payload of ['', '{', '{"number": 1}']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/phonenumber/save',
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
      }
      const simulator = await t.app.inject({ method: 'POST', url: '/dev/simulator/x/bogus', headers: caller.headers });
      expect(simulator.statusCode).toBe(403);
      expect(simulator.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
  });

  it('refuses alike on every route: no `error` field where the route’s own failures carry one', async () => {
    const member = await t.loginAs('member');
    const url = '/api/admin/bonus/create';
    const payload = { userId: 2_000_000_000, nominal: 5_000, reason: 'Bonus uji' };
    const refusals: [Record<string, string>, number, string][] = [
      [{}, 401, TEXT.tokenMissing],
      [{ authorization: 'Bearer not-a-token' }, 401, SERVER_TEXT.tokenInvalid],
      [member.headers, 403, SERVER_TEXT.forbidden],
    ];
    for (const [headers, status, msg] of refusals) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, msg).toBe(status);
      expect(res.json()).toEqual({ msg });
    }
    const dev = await t.loginAs('dev');
    const own = await t.app.inject({ method: 'POST', url, headers: dev.headers, payload });
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ msg: BONUS_TEXT.memberNotFound, error: BONUS_TEXT.memberNotFound });
  });

  it('keeps the Blaster and account intervals to admins and devs, even on the member’s own account', async () => {
    const member = await t.loginAs('member');
    const [account] = await t.db
      .insert(whatsappAccounts)
      .values({ clientid: `own-${Date.now()}`, user_id: member.user.id, phonenumber: '6281200000001' })
      .returning();
    if (!account) throw new Error('no account');
    const blaster = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp/send-message/1',
      headers: member.headers,
      payload: { senders: '6281200000001', targets: 'All', message: 'x' },
    });
    expect(blaster.statusCode).toBe(403);
    const interval = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp/interval',
      headers: member.headers,
      payload: { id: account.id, interval_min: 1, interval_max: 1 },
    });
    expect(interval.statusCode).toBe(403);
    const [after] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    expect([after?.interval_min, after?.interval_max]).toEqual([null, null]);
    const admin = await t.loginAs('admin');
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp/interval',
      headers: admin.headers,
      payload: { id: account.id, interval_min: 15, interval_max: 40 },
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers a member the same for an account that is not theirs and one that does not exist', async () => {
    const owner = await t.loginAs('member');
    const stranger = await t.loginAs('member');
    const [account] = await t.db
      .insert(whatsappAccounts)
      .values({ clientid: `theirs-${Date.now()}`, user_id: owner.user.id, phonenumber: '6281200000002' })
      .returning();
    if (!account) throw new Error('no account');
    const answers = await Promise.all(
      [
        `/api/admin/whatsapp/${account.id}`,
        `/api/admin/whatsapp/${account.clientid}`,
        '/api/admin/whatsapp/999999',
        '/api/admin/whatsapp/no-such-client',
      ].map(async (url) => {
        const res = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
        return [res.statusCode, res.json()];
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([403, { msg: SERVER_TEXT.forbidden }])]),
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp/reset',
      headers: stranger.headers,
      payload: { id: 999999 },
    });
    expect(reset.statusCode).toBe(403);
    // The member's own terms: another's account and none at all answer alike, and nothing is written.
    const terms = await Promise.all(
      [account.id, 999999].map(async (id) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/admin/whatsapp/terms',
          headers: stranger.headers,
          payload: { id, member_daily_cap: 1, member_window_start: null, member_window_end: null },
        });
        return JSON.stringify([res.statusCode, res.json()]);
      }),
    );
    expect(new Set(terms)).toEqual(new Set([JSON.stringify([403, { msg: SERVER_TEXT.forbidden }])]));
    const [after] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    expect(after?.member_daily_cap).toBeNull();
    const forecast = await t.app.inject({
      method: 'GET',
      url: `/api/admin/whatsapp/forecast/${owner.user.id}`,
      headers: stranger.headers,
    });
    expect(forecast.statusCode).toBe(403);
  });
});

describe('password guessing', () => {
  it('ignores X-Forwarded-For unless the request came through a trusted proxy', async () => {
    const email = `guess-${Date.now()}@test.local`;
    await t.services.users.create({ firstname: 'G', lastname: 'X', email, password: 'benar12345' });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await login(`forged-${i}@test.local`, 'salah', '10.20.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes[30]).toBe(429);

    const behindProxy = await buildTestApp({ config: { TRUST_PROXY: ['10.30.0.1'] } });
    // A sign-in through the trusted proxy at 10.30.0.1 for the client it names.
    const viaProxy = (email: string, password: string, client: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: '10.30.0.1',
        headers: { 'x-forwarded-for': client },
      });
    try {
      // The per-address sign-in limit follows the client the trusted proxy names, not the proxy itself.
      for (let i = 0; i < 30; i++) await viaProxy(`x${i}@test.local`, 'salah', '198.51.100.7');
      expect((await viaProxy(DEV_EMAIL, DEV_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
      expect((await viaProxy(DEV_EMAIL, DEV_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
      // From anywhere else the header is only text: the socket's address counts.
      const direct = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEV_EMAIL, password: DEV_PASSWORD },
        remoteAddress: '10.30.0.2',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(direct.statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('locks an account after 10 failures from anywhere, but not for the address its owner signs in from', async () => {
    const email = `victim-${Date.now()}@test.local`;
    await t.services.users.create({ firstname: 'V', lastname: 'X', email, password: 'benar12345' });
    expect((await login(email, 'benar12345', '10.40.0.1')).statusCode).toBe(200);

    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(email, `tebak${i}`, `10.41.0.${i + 1}`)).statusCode);
    expect(codes.every((code) => code === 401)).toBe(true);
    const stranger = await login(email, 'benar12345', '10.42.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ msg: SERVER_TEXT.loginLocked(15) });
    // The owner's usual address was not the guesser's: it still signs in.
    expect((await login(email, 'benar12345', '10.40.0.1')).statusCode).toBe(200);
    // An unknown email locks the same way, so a lock tells nothing about which accounts exist.
    const ghost = `ghost-${Date.now()}@test.local`;
    for (let i = 0; i < 10; i++) await login(ghost, 'x', `10.43.0.${i + 1}`);
    expect((await login(ghost, 'x', '10.44.0.1')).json()).toEqual({ msg: SERVER_TEXT.loginLocked(15) });
  });
});

describe('shared resources', () => {
  it('caps a member’s waiting links, so one member cannot drain the proxy pool', async () => {
    const values = Array.from({ length: 8 }, (_, i) => ({ value: `10.50.0.${i + 1}:3128` }));
    await t.db.insert(proxies).values(values);
    const greedy = await t.loginAs('member');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/whatsapp/new-client',
        headers: greedy.headers,
        payload: { deviceId: `greedy-${Date.now()}-${i}`, userId: greedy.user.id },
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toEqual({ msg: WHATSAPP_TEXT.tooManyPendingLinks(MAX_PENDING_LINKS) });
    }
    expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
    const other = await t.loginAs('member');
    const fair = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp/new-client',
      headers: other.headers,
      payload: { deviceId: `fair-${Date.now()}`, userId: other.user.id },
    });
    expect(fair.statusCode).toBe(200);
    expect(fair.json().proxyId).toBeGreaterThan(0);
  });

  it('holds the cap when ten links are asked for at once: three taken, seven refused, no proxy held by those', async () => {
    await t.db.insert(proxies).values(Array.from({ length: 12 }, (_, i) => ({ value: `10.51.0.${i + 1}:3128` })));
    const inUse = async () =>
      (await t.db.select({ id: proxies.id }).from(proxies).where(eq(proxies.status, 'in use'))).length;
    const before = await inUse();
    const racer = await t.loginAs('member');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/whatsapp/new-client',
          headers: racer.headers,
          payload: { deviceId: `racer-${Date.now()}-${i}`, userId: racer.user.id },
        }),
      ),
    );
    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(accepted).toHaveLength(MAX_PENDING_LINKS);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ msg: WHATSAPP_TEXT.tooManyPendingLinks(MAX_PENDING_LINKS) });
    }
    const rows = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.user_id, racer.user.id));
    expect(rows).toHaveLength(MAX_PENDING_LINKS);
    expect(new Set(rows.map((row) => row.proxy_id)).size).toBe(MAX_PENDING_LINKS);
    expect(await inUse()).toBe(before + MAX_PENDING_LINKS);
  });

  it('limits one user’s requests in flight and per second, while others and /api/health carry on', async () => {
    const member = await t.loginAs('member');
    const url = `/api/admin/whatsapp/list-per-page?page=1`;
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => t.app.inject({ method: 'GET', url, headers: member.headers })),
    );
    const codes = flood.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(100);
    const refused = flood.find((res) => res.statusCode === 429);
    expect(refused?.json()).toEqual({ msg: SERVER_TEXT.tooManyCalls });
    expect(refused?.headers['retry-after']).toBeDefined();
    const other = await t.loginAs('member');
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Answered requests no longer count as in flight: the member carries on once the flood is over.
    expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
  });
});
