/**
 * Sign-in sessions on the server: sign-out ends the token, the profile lists the caller's own sessions and
 * revokes them one by one or all but this one, a password change ends the others, and a session signed in
 * with a temporary password may only change it — until the temporary password expires.
 */
import { SESSION_TEXT, TEMPORARY_PASSWORD_HOURS } from '@sewablast/contract/sessions-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { userSessions, users } from '../src/db/schema.ts';
import { buildTestApp } from './harness.ts';

const t = await buildTestApp();
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const me = (id: number, headers: Headers) => call('GET', `/api/admin/users/${id}`, headers);
const list = (headers: Headers) => call('GET', '/api/auth/sessions', headers);
let address = 0;
const login = (email: string, password: string, userAgent = 'vitest') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: `10.77.0.${++address}`,
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-out', () => {
  it('ends the token on the server: the same token then answers 401', async () => {
    const { user, token, headers } = await t.loginAs('member');
    expect((await me(user.id, headers)).statusCode).toBe(200);
    const out = await call('POST', '/api/auth/logout', {}, { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ msg: SESSION_TEXT.signedOut });
    expect((await me(user.id, headers)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/validate', {}, { token })).statusCode).toBe(401);
    // Twice, or with a forged token, changes nothing and tells nothing.
    expect((await call('POST', '/api/auth/logout', {}, { token })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/logout', {}, { token: 'garbage' })).statusCode).toBe(200);
  });

  it('ends only its own session: the same user on another device stays signed in', async () => {
    const { user, token } = await t.loginAs('member');
    const other = await t.signIn(user);
    await call('POST', '/api/auth/logout', {}, { token });
    expect((await me(user.id, other.headers)).statusCode).toBe(200);
  });
});

describe("the profile's sessions", () => {
  it('lists the caller’s live sessions with device, address, last seen and this device marked', async () => {
    const { user } = await t.loginAs('member');
    const phone = await login(user.email, 'secret123', 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile');
    const laptop = await login(user.email, 'secret123', 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0');
    const answer = await list(bearer(laptop.json().token));
    expect(answer.statusCode).toBe(200);
    const agents = answer.json().list.map((session: { user_agent: string }) => session.user_agent);
    expect(agents).toEqual(expect.arrayContaining([expect.stringContaining('Android'), 'vitest']));
    const current = answer.json().list.filter((session: { current: boolean }) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ user_agent: expect.stringContaining('Windows'), address: '10.77.0.2' });
    expect(current[0].last_seen_at).toEqual(expect.any(String));
    // An ended session is no longer listed.
    await call('POST', '/api/auth/logout', {}, { token: phone.json().token });
    const after = (await list(bearer(laptop.json().token))).json().list;
    expect(after.map((session: { user_agent: string }) => session.user_agent)).not.toContainEqual(
      expect.stringContaining('Android'),
    );
  });

  it('revokes one of the caller’s sessions, whose token then answers 401', async () => {
    const { user, headers } = await t.loginAs('member');
    const other = await t.signIn(user);
    const otherId = (await t.services.tokens.verify(other.token))?.sessionId;
    const revoked = await call('DELETE', `/api/auth/sessions/${otherId}`, headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ msg: SESSION_TEXT.revoked });
    expect((await me(user.id, other.headers)).statusCode).toBe(401);
    expect((await me(user.id, headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/auth/sessions/${otherId}`, headers)).statusCode).toBe(404);
  });

  it('refuses another user’s session exactly like one that does not exist, and leaves it alive', async () => {
    const alice = await t.loginAs('member');
    const bob = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    for (const caller of [bob, admin]) {
      const other = await call('DELETE', `/api/auth/sessions/${alice.sessionId}`, caller.headers);
      const missing = await call('DELETE', '/api/auth/sessions/2147483647', caller.headers);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ msg: SESSION_TEXT.notFound });
      expect(missing.json()).toEqual(other.json());
      const listed = (await list(caller.headers)).json().list;
      expect(listed.map((session: { id: number }) => session.id)).toEqual([caller.sessionId]);
    }
    expect((await me(alice.user.id, alice.headers)).statusCode).toBe(200);
  });

  it('sends this device to sign-out rather than revoking it', async () => {
    const { user, headers, sessionId } = await t.loginAs('member');
    const own = await call('DELETE', `/api/auth/sessions/${sessionId}`, headers);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ msg: SESSION_TEXT.notCurrent });
    expect((await me(user.id, headers)).statusCode).toBe(200);
  });

  it('signs out every other device and keeps this one', async () => {
    const { user, headers } = await t.loginAs('member');
    const others = [await t.signIn(user), await t.signIn(user)];
    const done = await call('POST', '/api/auth/sessions/revoke-others', headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ msg: SESSION_TEXT.othersRevoked(2), count: 2 });
    for (const other of others) expect((await me(user.id, other.headers)).statusCode).toBe(401);
    expect((await me(user.id, headers)).statusCode).toBe(200);
    expect((await list(headers)).json().list).toHaveLength(1);
  });
});

describe('a password change', () => {
  it('by the user ends their other sessions and keeps this one, with a fresh token', async () => {
    const { user, headers, sessionId } = await t.loginAs('member');
    const other = await t.signIn(user);
    const changed = await call('PUT', `/api/admin/users/${user.id}`, headers, {
      current_password: 'secret123',
      password: 'sandibaru1',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(user.id, other.headers)).statusCode).toBe(401);
    expect((await me(user.id, headers)).statusCode).toBe(401);
    const fresh = bearer(changed.json().token);
    const listed = (await list(fresh)).json().list;
    expect(listed).toEqual([expect.objectContaining({ id: sessionId, current: true })]);
  });

  it('leaves the old token no power: signing it out does not end the session that went on (attack pass)', async () => {
    const { user, token, headers } = await t.loginAs('member');
    const changed = await call('PUT', `/api/admin/users/${user.id}`, headers, {
      current_password: 'secret123',
      password: 'sandibaru2',
    });
    const fresh = bearer(changed.json().token);
    // The old token is what a thief holds, and why the password was changed.
    expect((await call('POST', '/api/auth/logout', {}, { token })).statusCode).toBe(200);
    expect((await me(user.id, fresh)).statusCode).toBe(200);
  });

  it('by an admin ends every session of the user', async () => {
    const admin = await t.loginAs('admin');
    const { user, headers } = await t.loginAs('member');
    await call('PUT', `/api/admin/users/${user.id}`, admin.headers, { password: 'dariadmin1' });
    expect((await me(user.id, headers)).statusCode).toBe(401);
    const again = await login(user.email, 'dariadmin1');
    expect((await list(bearer(again.json().token))).json().list).toHaveLength(1);
  });
});

describe('a temporary password', () => {
  async function temporarySession() {
    const admin = await t.loginAs('admin');
    const member = await t.loginAs('member');
    const given = await call('POST', `/api/admin/users/${member.user.id}/temporary-password`, admin.headers, {
      password: 'sementara1',
    });
    expect(given.statusCode).toBe(200);
    const signedIn = await login(member.user.email, 'sementara1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().must_change_password).toBe(true);
    return { admin, member, token: signedIn.json().token as string, headers: bearer(signedIn.json().token) };
  }

  it('lets its session change the password and nothing else: balance, bank details and withdrawals are 403', async () => {
    const { member, token, headers } = await temporarySession();
    const id = member.user.id;
    const refused = [
      await call('GET', `/api/admin/withdraw/balance/${id}`, headers),
      await me(id, headers),
      await call('PUT', `/api/admin/users/${id}`, headers, { account_bank: 'BCA', account_number: '1234567890' }),
      await call('PUT', `/api/admin/users/${id}`, headers, {
        current_password: 'sementara1',
        password: 'sandibaru1',
        account_number: '1234567890',
      }),
      await call('POST', '/api/admin/withdraw/request', headers, { nominal: 10_000 }),
      await call('GET', '/api/auth/sessions', headers),
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ msg: SESSION_TEXT.temporaryOnly });
    }
    expect((await t.services.users.findById(id))?.account_number).toBeNull();
    // What the change-password screen needs: validating the token, changing the password, signing out.
    expect((await call('POST', '/api/auth/validate', {}, { token })).statusCode).toBe(200);
    const changed = await call('PUT', `/api/admin/users/${id}`, headers, {
      current_password: 'sementara1',
      password: 'sandibaru1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.must_change_password).toBeUndefined();
    const after = bearer(changed.json().token);
    expect((await call('GET', `/api/admin/withdraw/balance/${id}`, after)).statusCode).toBe(200);
  });

  it('may not be used to change another user’s password', async () => {
    const { headers } = await temporarySession();
    const victim = await t.loginAs('member');
    const answer = await call('PUT', `/api/admin/users/${victim.user.id}`, headers, { password: 'direbut12' });
    expect(answer.statusCode).toBe(403);
  });

  it(`expires after ${TEMPORARY_PASSWORD_HOURS} hours: sign-in is refused with a message to ask an admin`, async () => {
    const { member, headers } = await temporarySession();
    const given = new Date(Date.now() - (TEMPORARY_PASSWORD_HOURS * 3600 + 60) * 1000);
    await t.db.update(users).set({ temporary_password_at: given }).where(eq(users.id, member.user.id));
    const refused = await login(member.user.email, 'sementara1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ msg: SESSION_TEXT.temporaryExpired });
    // The session it opened before ends with it.
    expect((await call('PUT', `/api/admin/users/${member.user.id}`, headers, { password: 'x' })).statusCode).toBe(401);
    // A wrong password still says only that the credentials are wrong.
    expect((await login(member.user.email, 'tebakan1')).json()).toEqual({ msg: SERVER_TEXT.badCredentials });
  });

  it('is still valid just before the 72 hours', async () => {
    const { member } = await temporarySession();
    const given = new Date(Date.now() - (TEMPORARY_PASSWORD_HOURS * 3600 - 60) * 1000);
    await t.db.update(users).set({ temporary_password_at: given }).where(eq(users.id, member.user.id));
    expect((await login(member.user.email, 'sementara1')).statusCode).toBe(200);
  });
});

describe('session rows', () => {
  it('clears a user’s ended sessions at their next sign-in', async () => {
    const { user, token } = await t.loginAs('member');
    await call('POST', '/api/auth/logout', {}, { token });
    await login(user.email, 'secret123');
    const rows = await t.db.select().from(userSessions).where(eq(userSessions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at).toBeNull();
  });
});
