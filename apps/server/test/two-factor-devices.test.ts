/**
 * What a user with a second factor keeps up from the profile: the remembered devices, listed (device, when
 * remembered, last used) and forgotten one by one, and new recovery codes, which end the old ones at once.
 */

import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { buildTestApp } from './harness.ts';
import { client, codeOf, withTwoFactor } from './two-factor-helpers.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const { call, login, second } = client(t);
const del = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url, headers });

/** Signs in through both steps from `userAgent`, remembering the device; its token. */
async function rememberFrom(user: { email: string }, secret: string, userAgent: string, step = 0) {
  const challenge = (await login(user.email)).json().challenge;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: { 'user-agent': userAgent },
    payload: { challenge, code: codeOf(secret, step), remember_device: true },
  });
  expect(done.statusCode).toBe(200);
  return done.json().device_token as string;
}

describe('remembered devices', () => {
  it('lists each remembered device with when it was remembered and last used, and only the caller’s', async () => {
    const { user, secret, headers } = await withTwoFactor(t);
    const other = await withTwoFactor(t);
    expect((await call('GET', '/api/auth/two-factor/devices', headers)).json()).toEqual({ list: [] });
    const laptop = await rememberFrom(user, secret, 'Laptop Firefox');
    await rememberFrom(other.user, other.secret, 'Someone else');
    const listed = (await call('GET', '/api/auth/two-factor/devices', headers)).json().list;
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        user_agent: 'Laptop Firefox',
        address: expect.any(String),
        created_at: expect.any(String),
        last_used_at: null,
        expires_at: expect.any(String),
      },
    ]);
    const lifetime = Date.parse(listed[0].expires_at) - Date.parse(listed[0].created_at);
    expect(Math.round(lifetime / 60_000)).toBe(30 * 24 * 60);
    // A sign-in that skips the second step on it is its last use.
    expect((await login(user.email, 'secret123', { device_token: laptop })).json().token).toEqual(expect.any(String));
    const used = (await call('GET', '/api/auth/two-factor/devices', headers)).json().list;
    expect(used[0].last_used_at).toEqual(expect.any(String));
  });

  it('forgets one device: its next sign-in asks for the code, the other device still skips it', async () => {
    const { user, secret, headers } = await withTwoFactor(t);
    const phone = await rememberFrom(user, secret, 'Phone');
    const tablet = await rememberFrom(user, secret, 'Tablet', 1);
    const list = (await call('GET', '/api/auth/two-factor/devices', headers)).json().list as {
      id: number;
      user_agent: string;
    }[];
    expect(list.map((device) => device.user_agent).sort()).toEqual(['Phone', 'Tablet']);
    const phoneId = list.find((device) => device.user_agent === 'Phone')?.id;
    const forgotten = await del(`/api/auth/two-factor/devices/${phoneId}`, headers);
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json()).toEqual({ msg: TWO_FACTOR_TEXT.forgotten });
    expect((await login(user.email, 'secret123', { device_token: phone })).json().two_factor).toBe(true);
    expect((await login(user.email, 'secret123', { device_token: tablet })).json().token).toEqual(expect.any(String));
    const left = (await call('GET', '/api/auth/two-factor/devices', headers)).json().list;
    expect(left.map((device: { user_agent: string }) => device.user_agent)).toEqual(['Tablet']);
    expect((await del(`/api/auth/two-factor/devices/${phoneId}`, headers)).statusCode).toBe(404);
  });

  it("answers another user's device as one that does not exist, and leaves it", async () => {
    const owner = await withTwoFactor(t);
    const device = await rememberFrom(owner.user, owner.secret, 'Owner');
    const [{ id }] = (await call('GET', '/api/auth/two-factor/devices', owner.headers)).json().list;
    const stranger = await t.loginAs('member');
    const refused = await del(`/api/auth/two-factor/devices/${id}`, stranger.headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ msg: TWO_FACTOR_TEXT.deviceNotFound });
    expect((await login(owner.user.email, 'secret123', { device_token: device })).json().token).toEqual(
      expect.any(String),
    );
  });

  it('lists none after a password change or a reset: they no longer skip the step', async () => {
    const { user, secret, headers } = await withTwoFactor(t);
    await rememberFrom(user, secret, 'Old');
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      headers,
      payload: { current_password: 'secret123', password: 'sandibaru1' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${changed.json().token}` };
    expect((await call('GET', '/api/auth/two-factor/devices', fresh)).json()).toEqual({ list: [] });
  });
});

describe('new recovery codes', () => {
  const regenerate = (headers: Record<string, string>, body: object) =>
    call('POST', '/api/auth/two-factor/recovery-codes', headers, body);

  it('with the current password: ten new codes shown once, the old ones end at once, audited', async () => {
    const { user, headers, recovery } = await withTwoFactor(t);
    const done = await regenerate(headers, { current_password: 'secret123' });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe(TWO_FACTOR_TEXT.regenerated);
    const fresh = done.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recovery.includes(code))).toEqual([]);
    // An old code no longer signs in; a new one does.
    const challenge = (await login(user.email)).json().challenge;
    expect((await second(challenge, recovery[0] ?? '')).statusCode).toBe(401);
    expect((await second(challenge, fresh[0] ?? '')).json().token).toEqual(expect.any(String));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.recovery_codes_regenerated'), eq(auditLog.target_id, user.id)));
    expect(entry).toMatchObject({
      actor_id: user.id,
      before: { recovery_codes_left: 10 },
      after: { recovery_codes_left: 10 },
    });
    expect(JSON.stringify(entry)).not.toContain(fresh[1]);
  });

  it('with a code of the app instead of the password, but not with a recovery code', async () => {
    const { headers, secret, recovery } = await withTwoFactor(t);
    const byRecovery = await regenerate(headers, { code: recovery[0] });
    expect(byRecovery.statusCode).toBe(400);
    expect(byRecovery.json().errors).toEqual({ code: TWO_FACTOR_TEXT.codeInvalid });
    const byApp = await regenerate(headers, { code: codeOf(secret) });
    expect(byApp.statusCode).toBe(200);
    // The code is spent: the same one again is refused.
    expect((await regenerate(headers, { code: codeOf(secret) })).statusCode).toBe(400);
  });

  it('refuses a wrong password, no proof at all, and a user without a second factor', async () => {
    const { headers } = await withTwoFactor(t);
    const wrong = await regenerate(headers, { current_password: 'salah-sekali' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: ACCOUNT_CHANGE_TEXT.currentPasswordWrong });
    const none = await regenerate(headers, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ current_password: TWO_FACTOR_TEXT.proofRequired });
    const plain = await t.loginAs('member');
    const off = await regenerate(plain.headers, { current_password: 'secret123' });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ msg: TWO_FACTOR_TEXT.notOn });
  });
});
