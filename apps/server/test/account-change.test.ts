/**
 * Where a member's money and mail go (ASVS 5.0 7.5.1), on the real database and a real SMTP server: changing
 * one's own payout bank account or email asks for the current password and mails the old address; an admin
 * changing a member's needs no password of the member's but is audited and mails them too; a withdrawal
 * requested within 24 hours of a bank change is flagged on the staff queue.
 */
import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import type { TAuditEntry } from '@sewablast/contract/audit';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../src/db/schema.ts';
import { DEFAULT_SIGNUP_GUARD } from '../src/modules/auth/login-guard.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { startMailCatcher } from './mail-catcher.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Caller;
let staff: Caller;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await buildTestApp({
    config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 },
    mail: { smtpUrl: smtp.url, from: 'Sewablast <no-reply@blast.test>', publicUrl: () => 'http://blast.test' },
  });
  admin = await t.loginAs('admin');
  staff = await t.loginAs('staff');
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** The password loginAs gives every user. */
const PASSWORD = 'secret123';
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Rina Test' };
const NEW_BANK = { account_bank: 'BRI', account_number: '9876543210', account_name: 'Orang Lain' };

let credits = 0;
async function member(): Promise<Caller> {
  const caller = await t.loginAs('member', { firstname: 'Rina' });
  await t.db.update(users).set(BANK).where(eq(users.id, caller.user.id));
  credits += 1;
  await t.db.insert(ledgerEntries).values({
    user_id: caller.user.id,
    kind: 'blast_income',
    amount: 50_000,
    ref_table: 'account_test',
    ref_id: credits,
  });
  return caller;
}

const put = (caller: Caller, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: caller.headers, payload });
const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('changing the payout bank account', () => {
  it('asks for the current password: missing or wrong is a 400 on current_password, and nothing changes', async () => {
    const rina = await member();
    const missing = await put(rina, rina.user.id, NEW_BANK);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ current_password: ACCOUNT_CHANGE_TEXT.currentPasswordRequired });
    const wrong = await put(rina, rina.user.id, { ...NEW_BANK, current_password: 'not-it-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: ACCOUNT_CHANGE_TEXT.currentPasswordWrong });
    expect(await stored(rina.user.id)).toMatchObject({ ...BANK, bank_changed_at: null });
  });

  it('with the right password changes it, records when, and mails the address of the account', async () => {
    const rina = await member();
    const res = await put(rina, rina.user.id, { ...NEW_BANK, current_password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject(NEW_BANK);
    expect((await stored(rina.user.id))?.bank_changed_at).not.toBeNull();
    const mail = await smtp.mailTo(rina.user.email);
    expect(mail.subject).toBe(ACCOUNT_CHANGE_TEXT.bankMailSubject);
    expect(mail.text).toContain('BRI ******3210');
    expect(mail.text).not.toContain('9876543210');
  });

  it('needs no password when the form sends the bank details unchanged with another field', async () => {
    const rina = await member();
    const res = await put(rina, rina.user.id, { ...BANK, firstname: 'Rini', email: rina.user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(rina.user.id))?.bank_changed_at).toBeNull();
  });

  it('counts a wrong current password as a failed sign-in: a stolen token cannot guess it faster', async () => {
    const rina = await member();
    for (let i = 0; i < 10; i += 1) {
      const res = await put(rina, rina.user.id, { ...NEW_BANK, current_password: `guess-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const locked = await put(rina, rina.user.id, { ...NEW_BANK, current_password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect((await stored(rina.user.id))?.account_number).toBe(BANK.account_number);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: rina.user.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('keeps asking for the current password to change the password itself', async () => {
    const rina = await member();
    const res = await put(rina, rina.user.id, { password: 'brand-new-1' });
    expect(res.json().errors).toEqual({ current_password: SERVER_TEXT.currentPasswordRequired });
  });
});

describe('changing the email', () => {
  it('asks for the current password and mails the OLD address', async () => {
    const rina = await member();
    const oldEmail = rina.user.email;
    const newEmail = `taken-over-${rina.user.id}@evil.test`;
    expect((await put(rina, rina.user.id, { email: newEmail })).statusCode).toBe(400);
    const wrong = await put(rina, rina.user.id, { email: newEmail, current_password: 'nope-nope' });
    expect(wrong.json().errors).toEqual({ current_password: ACCOUNT_CHANGE_TEXT.currentPasswordWrong });
    expect((await stored(rina.user.id))?.email).toBe(oldEmail);

    const res = await put(rina, rina.user.id, { email: newEmail, current_password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.mailTo(oldEmail);
    expect(mail.subject).toBe(ACCOUNT_CHANGE_TEXT.emailMailSubject);
    expect(mail.text).toContain(newEmail);
    expect(smtp.mails.some((sent) => sent.to.includes(newEmail))).toBe(false);
  });
});

describe('a taken email told to a member changing theirs (attack pass)', () => {
  it('is told a few times to an address, then refused for a while like sign-up, whatever the email', async () => {
    const rina = await member();
    const other = await member();
    const from = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${rina.user.id}`,
        headers: rina.headers,
        payload,
        remoteAddress: '10.66.0.1',
      });
    for (let i = 0; i < DEFAULT_SIGNUP_GUARD.max; i++) {
      const taken = await from({ email: other.user.email, current_password: PASSWORD });
      expect(taken.statusCode).toBe(409);
    }
    const free = `free-${rina.user.id}@example.test`;
    for (const email of [other.user.email, free]) {
      const locked = await from({ email, current_password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ msg: ACCOUNT_CHANGE_TEXT.emailChangeLocked(15) });
    }
    expect((await stored(rina.user.id))?.email).toBe(rina.user.email);
    // Her name still changes, and an admin is not counted.
    expect((await from({ firstname: 'Rini' })).statusCode).toBe(200);
    expect((await put(admin, rina.user.id, { email: other.user.email })).statusCode).toBe(409);
  });
});

describe("an admin changing a member's bank account or email", () => {
  it('needs no password of the member, is audited, and mails the member', async () => {
    const rina = await member();
    const res = await put(admin, rina.user.id, { ...NEW_BANK });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.mailTo(rina.user.email);
    expect(mail.subject).toBe(ACCOUNT_CHANGE_TEXT.bankMailSubject);
    expect(mail.text).toContain('admin');

    const newEmail = `moved-${rina.user.id}@test.local`;
    expect((await put(admin, rina.user.id, { email: newEmail })).statusCode).toBe(200);
    expect((await smtp.mailTo(rina.user.email, 1)).subject).toBe(ACCOUNT_CHANGE_TEXT.emailMailSubject);

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/list-per-page?limit=100',
      headers: admin.headers,
    });
    const mine = (audit.json().data as TAuditEntry[]).filter((entry) => entry.targetId === rina.user.id);
    expect(mine.map((entry) => entry.action).sort()).toEqual(['user.bank_changed', 'user.email_changed']);
    const bank = mine.find((entry) => entry.action === 'user.bank_changed');
    expect(bank).toMatchObject({ actorId: admin.user.id });
    expect(bank?.changes).toEqual(
      expect.arrayContaining([{ field: 'account_number', before: '1234567890', after: '9876543210' }]),
    );
  });
});

describe('the staff queue', () => {
  const queue = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdraw/histories-per-page?limit=100',
      headers: staff.headers,
    });
    return res.json().data as TWithdraw[];
  };
  const request = (caller: Caller) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/withdraw/request',
      headers: caller.headers,
      payload: { nominal: 10_000 },
    });

  it('flags a withdrawal requested within 24 hours of a bank change, and only those', async () => {
    const fresh = await member();
    expect((await put(fresh, fresh.user.id, { ...NEW_BANK, current_password: PASSWORD })).statusCode).toBe(200);
    const flagged = (await request(fresh)).json().data.id as number;

    const settled = await member();
    const longAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.db.update(users).set({ bank_changed_at: longAgo }).where(eq(users.id, settled.user.id));
    const calm = (await request(settled)).json().data.id as number;

    const never = (await request(await member())).json().data.id as number;

    const rows = await queue();
    const flagOf = (id: number) => rows.find((row) => row.id === id)?.recentBankChange;
    expect([flagOf(flagged), flagOf(calm), flagOf(never)]).toEqual([true, false, false]);
  });
});
