/**
 * Email confirmation on the real database and a real SMTP server (issue 20): sign-up and an email change
 * mail a one-time link; until it is followed the member signs in and links accounts but cannot withdraw;
 * the link is single-use, expires and confirms only the address it went to; asking again is limited per
 * user in the shared (Redis) limit store; without mail nothing is asked and nothing is blocked.
 */
import { createHash } from 'node:crypto';
import { EMAIL_CONFIRM_TEXT, EMAIL_CONFIRMED_VIA, RESEND_PER_HOUR } from '@sewablast/contract/email-confirmation-text';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailConfirmations, ledgerEntries, proxies, users } from '../src/db/schema.ts';
import type { LimitStore } from '../src/lib/limit-store.ts';
import { createRedisLimits } from '../src/lib/limit-store-redis.ts';
import { RESEND_MINUTE } from '../src/modules/auth/email-confirmation.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { type CaughtMail, resetLinkOf, startMailCatcher } from './mail-catcher.ts';
import { hasRedis, startRedis } from './redis.ts';

const PUBLIC_URL = 'http://blast.test:8080';
const PASSWORD = 'rahasia123';
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let limits: LimitStore | undefined;
beforeAll(async () => {
  smtp = await startMailCatcher();
  // The resend limit lives in the shared store: with Redis the test reaches the same counts as the server.
  if (hasRedis) {
    redis = await startRedis();
    limits = await createRedisLimits(redis.url, (error) => {
      throw error;
    });
  }
  t = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: 'Sewablast <no-reply@blast.test>', publicUrl: () => PUBLIC_URL },
    limits,
  });
});
afterAll(async () => {
  await t.close();
  await limits?.close();
  redis?.stop();
  await smtp.stop();
});

interface Member {
  id: number;
  email: string;
  headers: { authorization: string };
}

let signups = 0;
/** Signs up through the API (each from an address of its own) and signs in. */
async function signUp(app: TestApp = t): Promise<Member> {
  signups += 1;
  const email = `confirm${signups}-${Date.now().toString(36)}@example.com`;
  const remoteAddress = `10.9.0.${signups}`;
  const registered = await app.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: {
      firstName: 'Rina',
      lastName: 'Wati',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      agreeToTerms: true,
    },
  });
  expect(registered.statusCode).toBe(200);
  const login = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json();
  return { id: user.id, email, headers: { authorization: `Bearer ${token}` } };
}

function tokenOf(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/confirm-email`);
  return url.searchParams.get('token') ?? '';
}

const confirm = (token: string, app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const state = async (member: Member, app: TestApp = t) =>
  (await app.app.inject({ method: 'GET', url: '/api/auth/email-confirmation', headers: member.headers })).json();
const resend = (member: Member) =>
  t.app.inject({ method: 'POST', url: '/api/auth/email-confirmation/resend', headers: member.headers });

let credits = 0;
/** Gives the member bank details and 50,000 of income, then asks to withdraw 10,000. */
async function withdraw(member: Member, app: TestApp = t, key?: string) {
  credits += 1;
  await app.db.update(users).set(BANK).where(eq(users.id, member.id));
  await app.db
    .insert(ledgerEntries)
    .values({ user_id: member.id, kind: 'blast_income', amount: 50_000, ref_table: 'confirm_test', ref_id: credits });
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/withdraw/request',
    headers: key ? { ...member.headers, 'idempotency-key': key } : member.headers,
    payload: { nominal: 10_000 },
  });
}

describe('with mail', () => {
  it('mails a link at sign-up, keeps only its hash, and lets the member sign in and link an account', async () => {
    const member = await signUp();
    const mail = await smtp.mailTo(member.email);
    expect(mail.subject).toBe(EMAIL_CONFIRM_TEXT.mailSubject);
    const token = tokenOf(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.user_id, member.id));
    expect(stored?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored?.email).toBe(member.email);
    expect(stored?.expires_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(stored?.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(await state(member)).toEqual({ required: true, confirmed: false });

    await t.db.insert(proxies).values({ value: `http://proxy-${member.id}.test:8080` });
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whatsapp/new-client',
      headers: member.headers,
      payload: { deviceId: `confirm-${member.id}`, previousDeviceId: null, userId: member.id, phoneNumber: null },
    });
    expect(linked.statusCode).toBe(200);
  });

  it('refuses a withdrawal with 403 until the link is followed, then takes it, under the same key', async () => {
    const member = await signUp();
    const token = tokenOf(await smtp.mailTo(member.email));
    const key = `confirm-${member.id}`;
    const refused = await withdraw(member, t, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: EMAIL_CONFIRM_TEXT.withdrawBlocked });

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ msg: EMAIL_CONFIRM_TEXT.confirmed });
    expect(await state(member)).toEqual({ required: true, confirmed: true });
    // The refusal was not kept for the key: asked again with it, the request is taken.
    const taken = await withdraw(member, t, key);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().msg).toBe(WITHDRAW_TEXT.requested);
  });

  it('takes a link once, and not after it expired', async () => {
    const member = await signUp();
    const token = tokenOf(await smtp.mailTo(member.email));
    await t.db
      .update(emailConfirmations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.user_id, member.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe(EMAIL_CONFIRM_TEXT.tokenInvalid);
    expect(await state(member)).toEqual({ required: true, confirmed: false });

    await t.db
      .update(emailConfirmations)
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where(eq(emailConfirmations.user_id, member.id));
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(EMAIL_CONFIRM_TEXT.tokenInvalid);
    expect((await confirm('not-a-token')).statusCode).toBe(400);
  });

  it('resends at most once a minute, and refuses once the address is confirmed', async () => {
    const member = await signUp();
    await smtp.mailTo(member.email);
    // Sign-up's own mail counts: asking again at once is too soon.
    const soon = await resend(member);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().msg).toMatch(/^Email konfirmasi baru saja dikirim\. Coba lagi dalam \d+ detik\.$/);
    expect(smtp.mails.filter((mail) => mail.to.includes(member.email))).toHaveLength(1);

    await t.db.update(users).set({ email_confirmed: true }).where(eq(users.id, member.id));
    const confirmed = await resend(member);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().msg).toBe(EMAIL_CONFIRM_TEXT.alreadyConfirmed);
  });

  it.skipIf(!hasRedis)('resends a new link past the minute, a few an hour, in the shared store', async () => {
    const member = await signUp();
    const first = tokenOf(await smtp.mailTo(member.email));
    const minute = limits?.strikes(RESEND_MINUTE.name, RESEND_MINUTE);
    for (let sent = 1; sent < RESEND_PER_HOUR; sent++) {
      await minute?.clear(String(member.id));
      const res = await resend(member);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: EMAIL_CONFIRM_TEXT.resent });
      expect(tokenOf(await smtp.mailTo(member.email, sent))).not.toBe(first);
    }
    await minute?.clear(String(member.id));
    const tooMany = await resend(member);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().msg).toBe(EMAIL_CONFIRM_TEXT.resendTooMany(60));
    // Any of the links confirms; the others are spent with it.
    expect((await confirm(first)).statusCode).toBe(200);
    const latest = tokenOf(await smtp.mailTo(member.email, RESEND_PER_HOUR - 1));
    expect((await confirm(latest)).statusCode).toBe(400);
  });

  it('un-confirms a changed address and mails it a new link; the old link confirms nothing', async () => {
    const member = await signUp();
    const oldToken = tokenOf(await smtp.mailTo(member.email));
    const first = await signUp();
    expect((await confirm(tokenOf(await smtp.mailTo(first.email)))).statusCode).toBe(200);

    for (const who of [member, first]) {
      const newEmail = `moved-${who.email}`;
      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${who.id}`,
        headers: who.headers,
        payload: { email: newEmail, current_password: PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      // The old address is told of the change; the new one gets the link.
      const mail = await smtp.mailTo(newEmail);
      expect(mail.subject).toBe(EMAIL_CONFIRM_TEXT.mailSubject);
      expect(await state(who)).toEqual({ required: true, confirmed: false });
      expect((await withdraw(who)).statusCode).toBe(403);
      who.email = newEmail;
    }
    const stale = await confirm(oldToken);
    expect(stale.statusCode).toBe(400);
    expect(await state(member)).toEqual({ required: true, confirmed: false });
    expect((await confirm(tokenOf(await smtp.mailTo(member.email)))).statusCode).toBe(200);
    expect((await withdraw(member)).statusCode).toBe(200);
  });
});

describe('proving the address', () => {
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password, password2: password },
    });
  const confirmations = (userId: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.email_confirmed'), eq(auditLog.target_id, userId)));
  /** Asks for a reset link for `email` and returns its token, read from the mail. */
  async function resetToken(email: string, remoteAddress: string): Promise<string> {
    const before = smtp.mails.filter((mail) => mail.to.includes(email)).length;
    expect((await forgot(email, remoteAddress)).statusCode).toBe(200);
    return resetLinkOf(await smtp.mailTo(email, before)).searchParams.get('token') ?? '';
  }

  it("audits a confirmation by link, as the member's own act, once", async () => {
    const member = await signUp();
    const token = tokenOf(await smtp.mailTo(member.email));
    expect(await confirmations(member.id)).toEqual([]);
    expect((await confirm(token)).statusCode).toBe(200);
    const [entry, ...more] = await confirmations(member.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: member.id,
      target_table: 'users',
      before: { email: member.email, email_confirmed: false },
      after: { email: member.email, email_confirmed: true, via: EMAIL_CONFIRMED_VIA.link },
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/list-per-page?action=user.email_confirmed',
      headers: (await t.loginAs('admin')).headers,
    });
    expect(listed.json().data.map((row: { targetId: number }) => row.targetId)).toContain(member.id);
  });

  it('confirms the address by a password reset through the mailed link, and spends the confirmation links', async () => {
    const member = await signUp();
    const confirmToken = tokenOf(await smtp.mailTo(member.email));
    const token = await resetToken(member.email, '10.9.1.1');
    expect(await state(member)).toEqual({ required: true, confirmed: false });
    expect((await reset(token, 'sandibaru-1')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email_confirmed).toBe(true);
    const [entry] = await confirmations(member.id);
    expect(entry?.after).toEqual({
      email: member.email,
      email_confirmed: true,
      via: EMAIL_CONFIRMED_VIA.passwordReset,
    });
    expect((await confirm(confirmToken)).statusCode).toBe(400);
  });

  it('neither resets nor confirms by a reset link mailed to an address the account no longer has', async () => {
    const member = await signUp();
    await smtp.mailTo(member.email);
    const token = await resetToken(member.email, '10.9.1.2');
    const newEmail = `later-${member.email}`;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      headers: member.headers,
      payload: { email: newEmail, current_password: PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    // The link opens nothing once the address it went to is no longer the account's (recovery.test.ts).
    expect((await reset(token, 'sandibaru-2')).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email_confirmed).toBe(false);
    expect(await confirmations(member.id)).toEqual([]);
  });
});

describe('without mail', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain.close());

  it('asks nothing, mails nothing and blocks nothing', async () => {
    const member = await signUp(plain);
    const [row] = await plain.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.email_confirmed).toBe(true);
    expect(await state(member, plain)).toEqual({ required: false, confirmed: true });
    // Even an address left unconfirmed while mail was configured counts as confirmed without it.
    await plain.db.update(users).set({ email_confirmed: false }).where(eq(users.id, member.id));
    expect(await state(member, plain)).toEqual({ required: false, confirmed: true });
    expect((await withdraw(member, plain)).statusCode).toBe(200);
    const resent = await plain.app.inject({
      method: 'POST',
      url: '/api/auth/email-confirmation/resend',
      headers: member.headers,
    });
    expect(resent.statusCode).toBe(400);
    expect(resent.json().msg).toBe(EMAIL_CONFIRM_TEXT.noMail);
    // Counted by address: a mail of an earlier test (the confirmation of a changed address) may still arrive.
    expect(smtp.mails.filter((mail) => mail.to.includes(member.email))).toEqual([]);
  });
});
