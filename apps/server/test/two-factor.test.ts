/**
 * Two-factor sign-in: set-up in two steps, the sign-in's second step with a TOTP or recovery code, codes
 * accepted once, challenges that expire, end at their fifth wrong code and count toward the account lock,
 * remembered devices voided by a password change, the admin's audited reset, and the confinement of a
 * back-office user who must set it up. Codes are computed here from the secret the set-up answered.
 */

import { randomBytes } from 'node:crypto';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { CHALLENGE_ATTEMPTS, TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog, loginChallenges, users } from '../src/db/schema.ts';
import { createSecretBox } from '../src/modules/auth/two-factor-codes.ts';
import { buildTestApp } from './harness.ts';
import { client, codeOf, nextAddress, withTwoFactor } from './two-factor-helpers.ts';

const t = await buildTestApp();
const strict = await buildTestApp({ twoFactorRequired: true });
afterAll(async () => {
  await t.close();
  await strict.close();
});

const { call, login, second } = client(t);

describe('setting up', () => {
  it('takes the password, then a right code of the new secret, and shows ten recovery codes once', async () => {
    const { user, headers } = await t.loginAs('member');
    expect((await call('GET', '/api/auth/two-factor', headers)).json()).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const wrongPassword = await call('POST', '/api/auth/two-factor/setup', headers, { current_password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    const notStarted = await call('POST', '/api/auth/two-factor/enable', headers, { code: '123456' });
    expect(notStarted.json()).toEqual({ msg: TWO_FACTOR_TEXT.notStarted });
    const { secret } = (
      await call('POST', '/api/auth/two-factor/setup', headers, { current_password: 'secret123' })
    ).json();
    // Not in force until confirmed: the password alone still signs in.
    expect((await login(user.email)).json().token).toEqual(expect.any(String));
    const wrong = await call('POST', '/api/auth/two-factor/enable', headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: TWO_FACTOR_TEXT.codeInvalid });
    const enabled = await call('POST', '/api/auth/two-factor/enable', headers, { code: codeOf(secret) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recovery_codes).toHaveLength(10);
    expect(new Set(enabled.json().recovery_codes).size).toBe(10);
    // Stored sealed and hashed: neither the secret nor a code is in the database in the clear.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totp_secret).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(enabled.json().recovery_codes[0]);
    const status = (await call('GET', '/api/auth/two-factor', headers)).json();
    expect(status).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Never answered again: a second set-up is refused.
    expect(
      (await call('POST', '/api/auth/two-factor/setup', headers, { current_password: 'secret123' })).statusCode,
    ).toBe(409);
  });
});

describe('signing in', () => {
  it('answers a challenge, not a token, after the right password; a right code gives the token', async () => {
    const { user } = await withTwoFactor(t);
    const first = await login(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor: true, challenge: expect.any(String), expires_in: 300 });
    expect(first.json().token).toBeUndefined();
    const { secret } = await withSecret(user.id);
    const done = await second(first.json().challenge, codeOf(secret));
    expect(done.statusCode).toBe(200);
    const token = done.json().token;
    expect(done.json().user.id).toBe(user.id);
    expect((await call('GET', `/api/admin/users/${user.id}`, { authorization: `Bearer ${token}` })).statusCode).toBe(
      200,
    );
    // The challenge is spent.
    expect((await second(first.json().challenge, codeOf(secret, 1))).json()).toEqual({
      msg: TWO_FACTOR_TEXT.challengeEnded,
    });
  });

  it('refuses a wrong code and a replayed one (the same code, on a new challenge)', async () => {
    const { user, secret } = await withTwoFactor(t);
    const a = (await login(user.email)).json().challenge;
    const wrong = await second(a, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: TWO_FACTOR_TEXT.codeInvalid });
    const code = codeOf(secret);
    expect((await second(a, code)).statusCode).toBe(200);
    const b = (await login(user.email)).json().challenge;
    const replayed = await second(b, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ msg: TWO_FACTOR_TEXT.codeInvalid });
    // An older step than the last accepted is refused too; the next step passes.
    expect((await second(b, codeOf(secret, -1))).statusCode).toBe(401);
    expect((await second(b, codeOf(secret, 1))).statusCode).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const { user, recovery, headers } = await withTwoFactor(t);
    const [code = ''] = recovery;
    const a = (await login(user.email)).json().challenge;
    // Typed in capitals without the dash, it is still the code.
    expect((await second(a, code.replace('-', '').toUpperCase())).statusCode).toBe(200);
    const b = (await login(user.email)).json().challenge;
    expect((await second(b, code)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/two-factor', headers)).json().recovery_codes_left).toBe(9);
  });

  it('refuses a challenge given before a password change, though its code is right (attack pass)', async () => {
    const { user, secret, headers } = await withTwoFactor(t);
    // A thief with the phished password holds a challenge; the owner changes the password meanwhile.
    const stolen = (await login(user.email)).json().challenge;
    const changed = await call('PUT', `/api/admin/users/${user.id}`, headers, {
      current_password: 'secret123',
      password: 'sandibaru3',
    });
    expect(changed.statusCode).toBe(200);
    const late = await second(stolen, codeOf(secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
  });

  it('refuses an expired challenge', async () => {
    const { user, secret } = await withTwoFactor(t);
    const challenge = (await login(user.email)).json().challenge;
    await t.db
      .update(loginChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.user_id, user.id));
    const late = await second(challenge, codeOf(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
  });

  it('ends a challenge at its fifth wrong code, and counts wrong codes toward the account lock', async () => {
    const { user, secret } = await withTwoFactor(t);
    const from = nextAddress();
    const challenge = (await login(user.email, 'secret123', {}, from)).json().challenge;
    for (let i = 1; i < CHALLENGE_ATTEMPTS; i++) {
      expect((await second(challenge, '000000', {}, from)).json()).toEqual({ msg: TWO_FACTOR_TEXT.codeInvalid });
    }
    expect((await second(challenge, '000000', {}, from)).json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
    // Even the right code cannot revive it.
    expect((await second(challenge, codeOf(secret), {}, from)).json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
    // Five more wrong codes on a new challenge make ten failures: the account locks, the right password too.
    const next = (await login(user.email, 'secret123', {}, from)).json().challenge;
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++) await second(next, '000000', {}, from);
    const locked = await login(user.email, 'secret123', {}, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ msg: SERVER_TEXT.loginLocked(15) });
  });

  it('gives one token for one challenge, however many right answers arrive at once', async () => {
    const { user, secret, recovery } = await withTwoFactor(t);
    const challenge = (await login(user.email)).json().challenge;
    const answers = await Promise.all([
      second(challenge, codeOf(secret)),
      second(challenge, codeOf(secret)),
      second(challenge, recovery[0] ?? ''),
      second(challenge, recovery[1] ?? ''),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('looks at no more than five tries of a challenge, however many arrive at once', async () => {
    const { user, secret } = await withTwoFactor(t);
    const from = nextAddress();
    const challenge = (await login(user.email, 'secret123', {}, from)).json().challenge;
    const wrong = await Promise.all(Array.from({ length: 8 }, () => second(challenge, '000000', {}, from)));
    expect(wrong.every((answer) => answer.statusCode === 401)).toBe(true);
    // Four were refused, the fifth ended the challenge; the rest found it ended.
    const looked = wrong.filter((answer) => answer.json().msg === TWO_FACTOR_TEXT.codeInvalid);
    expect(looked).toHaveLength(CHALLENGE_ATTEMPTS - 1);
    expect((await second(challenge, codeOf(secret), {}, from)).json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
    // Only the five looked at were failures of the account: four more leave it one short of the lock.
    const next = (await login(user.email, 'secret123', {}, from)).json().challenge;
    for (let i = 0; i < 4; i++) await second(next, '000000', {}, from);
    expect((await login(user.email, 'secret123', {}, from)).json().two_factor).toBe(true);
  });

  it('refuses codes of a secret sealed under another JWT_SECRET with a 401, and still takes a recovery code', async () => {
    const { user, secret, recovery } = await withTwoFactor(t);
    const other = createSecretBox(randomBytes(32)).seal(secret);
    await t.db.update(users).set({ totp_secret: other }).where(eq(users.id, user.id));
    const challenge = (await login(user.email)).json().challenge;
    const refused = await second(challenge, codeOf(secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ msg: TWO_FACTOR_TEXT.codeInvalid });
    expect((await second(challenge, recovery[0] ?? '')).statusCode).toBe(200);
  });

  it("cannot use one user's challenge with another user's code, nor a made-up challenge", async () => {
    const alice = await withTwoFactor(t);
    const bob = await withTwoFactor(t);
    const challenge = (await login(alice.user.email)).json().challenge;
    expect((await second(challenge, codeOf(bob.secret))).statusCode).toBe(401);
    expect((await second(challenge, bob.recovery[0] ?? '')).statusCode).toBe(401);
    expect((await second('made-up', codeOf(alice.secret))).json()).toEqual({ msg: TWO_FACTOR_TEXT.challengeEnded });
    expect((await second(challenge, codeOf(alice.secret))).json().user.id).toBe(alice.user.id);
  });

  it('leaves a member without a second factor signing in with the password alone', async () => {
    const { user } = await t.loginAs('member');
    const answer = await login(user.email);
    expect(answer.json().token).toEqual(expect.any(String));
    expect(answer.json().user.two_factor_setup).toBeUndefined();
  });
});

/** The test reads the secret back through the service's own box, as the server does. */
async function withSecret(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return { secret: createSecretBox(t.jwtSecret).open(row?.totp_secret ?? '') ?? '' };
}

describe('remembering a device', () => {
  it('skips the second step with its token, for that user only, until the password changes', async () => {
    const { user, secret } = await withTwoFactor(t);
    const other = await withTwoFactor(t);
    const first = (await login(user.email)).json().challenge;
    const done = await second(first, codeOf(secret), { remember_device: true });
    const device = done.json().device_token;
    expect(device).toEqual(expect.any(String));
    const again = await login(user.email, 'secret123', { device_token: device });
    expect(again.json().token).toEqual(expect.any(String));
    // Another user's device token is no device of theirs; nor is a sign-in token.
    expect((await login(other.user.email, 'secret123', { device_token: device })).json().two_factor).toBe(true);
    expect((await login(user.email, 'secret123', { device_token: again.json().token })).json().two_factor).toBe(true);
    // A password change voids it.
    const changed = await call(
      'PUT',
      `/api/admin/users/${user.id}`,
      { authorization: `Bearer ${again.json().token}` },
      {
        current_password: 'secret123',
        password: 'sandibaru1',
      },
    );
    expect(changed.statusCode).toBe(200);
    expect((await login(user.email, 'sandibaru1', { device_token: device })).json().two_factor).toBe(true);
  });
});

describe('turning it off', () => {
  it('takes the password and a code; then the password alone signs in', async () => {
    const { user, headers, secret } = await withTwoFactor(t);
    const noCode = await call('POST', '/api/auth/two-factor/disable', headers, {
      current_password: 'secret123',
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    const off = await call('POST', '/api/auth/two-factor/disable', headers, {
      current_password: 'secret123',
      code: codeOf(secret),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(user.email)).json().token).toEqual(expect.any(String));
  });
});

describe('a remembered device after 2FA is turned off and on again', () => {
  it('is asked for a code again: the token was bound to the old set-up', async () => {
    const { user, secret, headers } = await withTwoFactor(t);
    const challenge = (await login(user.email)).json().challenge;
    const device = (await second(challenge, codeOf(secret), { remember_device: true })).json().device_token;
    const off = await call('POST', '/api/auth/two-factor/disable', headers, {
      current_password: 'secret123',
      code: codeOf(secret, 1),
    });
    expect(off.statusCode).toBe(200);
    const setup = await call('POST', '/api/auth/two-factor/setup', headers, { current_password: 'secret123' });
    const again = await call('POST', '/api/auth/two-factor/enable', headers, { code: codeOf(setup.json().secret) });
    expect(again.statusCode).toBe(200);
    expect((await login(user.email, 'secret123', { device_token: device })).json().two_factor).toBe(true);
  });
});

describe("an admin's reset", () => {
  it("turns a user's second factor off, is audited and ends the user's sessions", async () => {
    const target = await withTwoFactor(t, 'staff');
    const admin = await t.loginAs('admin');
    const reset = await call('POST', `/api/admin/users/${target.user.id}/two-factor/reset`, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ msg: TWO_FACTOR_TEXT.resetDone });
    expect((await call('GET', '/api/auth/two-factor', target.headers)).statusCode).toBe(401);
    expect((await login(target.user.email)).json().token).toEqual(expect.any(String));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.target_id, target.user.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: admin.user.id,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });

  it('is refused to staff, to an admin on a dev, and on oneself', async () => {
    const dev = await withTwoFactor(t, 'dev');
    const admin = await t.loginAs('admin');
    const staff = await t.loginAs('staff');
    expect((await call('POST', `/api/admin/users/${dev.user.id}/two-factor/reset`, staff.headers)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/admin/users/${dev.user.id}/two-factor/reset`, admin.headers)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/admin/users/${dev.user.id}/two-factor/reset`, dev.headers)).statusCode).toBe(403);
  });
});

describe('the requirement (TWO_FACTOR_REQUIRED)', () => {
  const s = client(strict);

  it('confines a staff user without a second factor to setting it up, until it is on', async () => {
    const staff = await strict.loginAs('staff');
    const signedIn = await s.login(staff.user.email);
    expect(signedIn.json().user.two_factor_setup).toBe(true);
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    const elsewhere = await s.call('GET', `/api/admin/users/${staff.user.id}`, headers);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ msg: TWO_FACTOR_TEXT.setupRequired });
    expect((await s.call('GET', '/api/auth/two-factor', headers)).json()).toMatchObject({ required: true });
    const { secret } = (
      await s.call('POST', '/api/auth/two-factor/setup', headers, { current_password: 'secret123' })
    ).json();
    expect((await s.call('POST', '/api/auth/two-factor/enable', headers, { code: codeOf(secret) })).statusCode).toBe(
      200,
    );
    expect((await s.call('GET', `/api/admin/users/${staff.user.id}`, headers)).statusCode).toBe(200);
    // And it cannot be turned off while required.
    const off = await s.call('POST', '/api/auth/two-factor/disable', headers, {
      current_password: 'secret123',
      code: codeOf(secret, 1),
    });
    expect(off.statusCode).toBe(403);
  });

  it('refuses the live channel to such a session, the back office channel included', async () => {
    const staff = await strict.loginAs('staff');
    const token = (await s.login(staff.user.email)).json().token;
    const base = await strict.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?id=client-admin&token=${token}`);
      socket.once('open', () => {
        socket.close();
        resolve({ status: 101, body: '{}' });
      });
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ msg: TWO_FACTOR_TEXT.setupRequired });
  });

  it('leaves members free to go without it', async () => {
    const member = await strict.loginAs('member');
    const signedIn = await s.login(member.user.email);
    expect(signedIn.json().user.two_factor_setup).toBeUndefined();
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await s.call('GET', `/api/admin/users/${member.user.id}`, headers)).statusCode).toBe(200);
  });
});
