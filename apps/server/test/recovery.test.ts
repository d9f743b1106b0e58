/**
 * Recovery on the real database and a real SMTP server (issue 11 §6): the emailed one-time link, the
 * answer that does not tell whether an email has an account, the state without mail, the temporary
 * password an admin sets and the user must change.
 */
import { createHash } from 'node:crypto';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../src/db/schema.ts';
import { FORGOT_LIMIT } from '../src/modules/auth/recovery-routes.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { resetLinkOf, startMailCatcher } from './mail-catcher.ts';

const PUBLIC_URL = 'http://blast.test:8080';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: 'Sewablast <no-reply@blast.test>', publicUrl: () => PUBLIC_URL },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;

let addresses = 0;
/** Each request from an address of its own, past the per-address limit the last test checks. */
const forgot = (email: string, remoteAddress = `10.0.0.${++addresses}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, password: string, password2 = password) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, password2 } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
/** Whether a token still opens a signed-in call. */
const stillSignedIn = async (caller: Caller) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/users/${caller.user.id}`, headers: caller.headers }))
    .statusCode === 200;

/** Asks for a link for `caller` and returns its token, read from the mail that arrives. */
async function mailedToken(caller: Caller): Promise<string> {
  const before = smtp.mails.filter((mail) => mail.to.includes(caller.user.email)).length;
  const res = await forgot(caller.user.email.toUpperCase());
  expect(res.json()).toEqual({ mail: true, msg: RECOVERY_TEXT.sent });
  const link = resetLinkOf(await smtp.mailTo(caller.user.email, before));
  return link.searchParams.get('token') ?? '';
}

describe('reset by email', () => {
  it('says mail is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/recovery' });
    expect(res.json()).toEqual({ mail: true });
  });

  it('mails a link that resets once, ends every session, and keeps only the hash', async () => {
    const member = await t.loginAs('member');
    const res = await forgot(member.user.email);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.mailTo(member.user.email);
    expect(mail.subject).toBe(RECOVERY_TEXT.mailSubject);
    const link = resetLinkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.user_id, member.user.id));
    expect(stored?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored?.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(stored?.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    expect(await stillSignedIn(member)).toBe(true);
    const done = await reset(token, 'brand-new-1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ msg: RECOVERY_TEXT.resetDone });
    expect(await stillSignedIn(member)).toBe(false);
    expect((await login(member.user.email, 'secret123')).statusCode).toBe(401);
    const signedIn = await login(member.user.email, 'brand-new-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().must_change_password).toBeUndefined();

    const again = await reset(token, 'another-22');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(RECOVERY_TEXT.tokenInvalid);
    expect((await login(member.user.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous submits of a link through', async () => {
    const member = await t.loginAs('member');
    const token = await mailedToken(member);
    const answers = await Promise.all([reset(token, 'first-pass'), reset(token, 'second-pass')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link, and a newer one ends the older ones when used', async () => {
    const member = await t.loginAs('member');
    const old = await mailedToken(member);
    await t.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.user_id, member.user.id));
    const expired = await reset(old, 'never-set-1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe(RECOVERY_TEXT.tokenInvalid);

    const first = await mailedToken(member);
    const second = await mailedToken(member);
    expect((await reset(second, 'newest-pass')).statusCode).toBe(200);
    expect((await reset(first, 'older-pass')).statusCode).toBe(400);
    expect((await login(member.user.email, 'newest-pass')).statusCode).toBe(200);
  });

  it('refuses a link mailed before the password or the email changed (attack pass)', async () => {
    // A thief reading the old mailbox asks for a link; the owner then changes the password, or the email.
    const put = (caller: Caller, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/users/${caller.user.id}`, headers: caller.headers, payload });
    const one = await t.loginAs('member');
    const beforePassword = await mailedToken(one);
    expect((await put(one, { current_password: 'secret123', password: 'owner-new-1' })).statusCode).toBe(200);
    expect((await reset(beforePassword, 'thief-pass-1')).json().msg).toBe(RECOVERY_TEXT.tokenInvalid);
    expect((await login(one.user.email, 'owner-new-1')).statusCode).toBe(200);

    const two = await t.loginAs('member');
    const beforeEmail = await mailedToken(two);
    const moved = `moved-${two.user.id}@example.test`;
    expect((await put(two, { current_password: 'secret123', email: moved })).statusCode).toBe(200);
    expect((await reset(beforeEmail, 'thief-pass-2')).json().msg).toBe(RECOVERY_TEXT.tokenInvalid);
    expect((await login(moved, 'secret123')).statusCode).toBe(200);
  });

  it('answers an unknown email the same and sends nothing', async () => {
    const known = await t.loginAs('member');
    const knownAnswer = await forgot(known.user.email);
    await smtp.mailTo(known.user.email);
    const unknownAnswer = await forgot('nobody-here@test.local');
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(unknownAnswer.body).toBe(knownAnswer.body);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Looked for by address, not by the count of all mails: a changed address's mails of the test before it
    // may still arrive.
    expect(smtp.mails.some((mail) => mail.to.includes('nobody-here@test.local'))).toBe(false);
  });

  it('refuses a bad token or password with 400, never a 5xx', async () => {
    const mismatch = await reset('whatever', 'abcdef', 'abcdeg');
    expect(mismatch.statusCode).toBe(400);
    expect((await reset('whatever', 'abc')).statusCode).toBe(400);
    expect((await reset('x'.repeat(500), 'abcdefg')).statusCode).toBe(400);
    expect((await reset('not-a-real-token', 'abcdefg')).json().msg).toBe(RECOVERY_TEXT.tokenInvalid);
    expect((await forgot('not an email')).statusCode).toBe(400);
  });

  it('limits requests per address, and the links one account is sent', async () => {
    for (let i = 0; i < FORGOT_LIMIT.max; i++) {
      expect((await forgot(`flood${i}@test.local`, '10.9.9.9')).statusCode).toBe(200);
    }
    expect((await forgot('flood@test.local', '10.9.9.9')).statusCode).toBe(429);

    const member = await t.loginAs('member');
    for (let i = 0; i < 5; i++) expect((await forgot(member.user.email)).statusCode).toBe(200);
    await smtp.mailTo(member.user.email, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((mail) => mail.to.includes(member.user.email))).toHaveLength(3);
  });
});

describe('without SMTP_URL', () => {
  it('says no mail, and a request tells to ask an admin', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/recovery' })).json()).toEqual({ mail: false });
      const member = await bare.loginAs('member');
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: member.user.email },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mail: false, msg: RECOVERY_TEXT.noMail });
      expect(await bare.db.select().from(passwordResets)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('temporary password', () => {
  const setTemporary = (caller: Caller, id: number, payload: { password?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/temporary-password`,
      headers: caller.headers,
      payload,
    });

  it('is set by an admin, ends the sessions, is reported at sign-in and cleared by a change', async () => {
    const admin = await t.loginAs('admin');
    const member = await t.loginAs('member');
    const res = await setTemporary(admin, member.user.id);
    expect(res.statusCode).toBe(200);
    const { password, msg } = res.json();
    expect(msg).toBe(RECOVERY_TEXT.temporaryDone);
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(await stillSignedIn(member)).toBe(false);

    const signedIn = await login(member.user.email, password);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json();
    expect(session.must_change_password).toBe(true);
    expect(session.user.must_change_password).toBe(true);
    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validate',
      payload: { token: session.token },
    });
    expect(validated.json().user.must_change_password).toBe(true);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.user.id}`,
      headers: { authorization: `Bearer ${session.token}` },
      payload: { current_password: password, password: 'my-own-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.must_change_password).toBeUndefined();
    const after = await login(member.user.email, 'my-own-pass');
    expect(after.json().must_change_password).toBeUndefined();
    expect(after.json().user.must_change_password).toBeUndefined();
  });

  it('takes a given password of at least 6 characters', async () => {
    const dev = await t.loginAs('dev');
    const staff = await t.loginAs('staff');
    expect((await setTemporary(dev, staff.user.id, { password: 'abc' })).statusCode).toBe(400);
    const res = await setTemporary(dev, staff.user.id, { password: 'hand-over-1' });
    expect(res.json().password).toBe('hand-over-1');
    expect((await login(staff.user.email, 'hand-over-1')).json().must_change_password).toBe(true);
  });

  it('is refused to members and staff, to an admin for a manager, to anyone for themselves', async () => {
    const member = await t.loginAs('member');
    const staff = await t.loginAs('staff');
    const admin = await t.loginAs('admin');
    const otherAdmin = await t.loginAs('admin');
    const dev = await t.loginAs('dev');
    const other = await t.loginAs('member');
    expect((await setTemporary(member, other.user.id)).statusCode).toBe(403);
    expect((await setTemporary(member, member.user.id)).statusCode).toBe(403);
    expect((await setTemporary(staff, other.user.id)).statusCode).toBe(403);
    expect((await setTemporary(admin, dev.user.id)).statusCode).toBe(403);
    expect((await setTemporary(admin, otherAdmin.user.id)).statusCode).toBe(403);
    expect((await setTemporary(admin, admin.user.id)).json().msg).toBe(RECOVERY_TEXT.temporaryNotSelf);
    expect((await setTemporary(dev, otherAdmin.user.id)).statusCode).toBe(200);
    expect((await setTemporary(admin, 999_999)).statusCode).toBe(404);
    // The refused calls changed nothing.
    expect(await stillSignedIn(other)).toBe(true);
    expect(await stillSignedIn(dev)).toBe(true);
  });
});
