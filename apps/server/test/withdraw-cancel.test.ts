/**
 * Taking back a paid withdrawal (DESIGN §5.5, §9): accept → cancel → reject gives the money back, so a cancel
 * of an accepted withdrawal says the transfer did not happen or was returned. Staff may not make it (they
 * cancel rejections only); an admin or a dev must give a reason, which the audit log, the member's history and
 * the finance export show.
 */
import { type TAuditEntry, WITHDRAW_EXPORT_STATUS } from '@sewablast/contract/audit';
import { CANCEL_REASON_MAX, payoutCancelledText, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, users, withdrawals } from '../src/db/schema.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let staff: Caller;
let admin: Caller;
let dev: Caller;

beforeAll(async () => {
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
  staff = await t.loginAs('staff');
  admin = await t.loginAs('admin');
  dev = await t.loginAs('dev');
});
afterAll(() => t.close());

let credits = 0;
/** A member with bank details and `amount` of blast income. */
async function member(amount: number): Promise<Caller> {
  const caller = await t.loginAs('member', { firstname: 'Sari' });
  await t.db
    .update(users)
    .set({ account_bank: 'BCA', account_number: '5550001111', account_name: 'Sari Test' })
    .where(eq(users.id, caller.user.id));
  credits += 1;
  await t.db
    .insert(ledgerEntries)
    .values({ user_id: caller.user.id, kind: 'blast_income', amount, ref_table: 'cancel_test', ref_id: credits });
  return caller;
}

const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: caller.headers, payload });
const request = (caller: Caller, nominal: number) => call(caller, 'POST', '/api/admin/withdraw/request', { nominal });
const decide = (caller: Caller, id: number, status: string, reason?: string) =>
  call(caller, 'PUT', '/api/admin/withdraw/update', { id, status, reason });
const balance = async (caller: Caller) =>
  (await call(caller, 'GET', `/api/admin/withdraw/balance/${caller.user.id}`)).json().balance as number;

async function paidOut(caller: Caller, nominal: number): Promise<number> {
  const res = await request(caller, nominal);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  expect((await decide(staff, id, 'accepted')).statusCode).toBe(200);
  return id;
}

describe('cancelling an accepted (paid) withdrawal', () => {
  it('is refused to staff: accept, cancel, reject cannot pay one request twice on a staff click', async () => {
    const sari = await member(50_000);
    const id = await paidOut(sari, 50_000);
    const cancel = await decide(staff, id, 'requested', 'Transfer gagal');
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().msg).toBe(WITHDRAW_TEXT.cancelPaidManagersOnly);
    // Had the cancel gone through, this rejection would give the paid money back.
    expect((await decide(staff, id, 'rejected')).statusCode).toBe(409);
    expect(await balance(sari)).toBe(0);
    expect((await request(sari, 50_000)).statusCode).toBe(409);
  });

  it('still lets staff cancel a rejection', async () => {
    const sari = await member(20_000);
    const { id } = (await request(sari, 20_000)).json().data;
    expect((await decide(staff, id, 'rejected')).statusCode).toBe(200);
    const res = await decide(staff, id, 'requested');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'requested', cancelReason: null });
    expect(await balance(sari)).toBe(0);
  });

  it('asks an admin or a dev for a reason of a sane length', async () => {
    const sari = await member(30_000);
    const id = await paidOut(sari, 30_000);
    for (const reason of [undefined, '', '    ', 'abc', 'x'.repeat(CANCEL_REASON_MAX + 1)]) {
      const res = await decide(admin, id, 'requested', reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().errors).toEqual({ reason: WITHDRAW_TEXT.cancelReasonRequired });
    }
    const res = await decide(dev, id, 'requested', '  Rekening tujuan ditutup  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'requested', cancelReason: 'Rekening tujuan ditutup' });
  });

  it('with a reason, the money returns on rejection: the sequence is then a real refund', async () => {
    const sari = await member(40_000);
    const id = await paidOut(sari, 40_000);
    expect((await decide(admin, id, 'requested', 'Dana dikembalikan oleh bank')).statusCode).toBe(200);
    expect(await balance(sari)).toBe(0);
    expect((await decide(staff, id, 'rejected')).statusCode).toBe(200);
    expect(await balance(sari)).toBe(40_000);
    expect((await request(sari, 40_000)).statusCode).toBe(200);
    expect(await balance(sari)).toBe(0);
  });

  it("shows the reason in the audit log, the member's history and the finance export", async () => {
    const sari = await member(25_000);
    const id = await paidOut(sari, 25_000);
    const reason = '=Transfer gagal, dana kembali';
    expect((await decide(admin, id, 'requested', reason)).statusCode).toBe(200);

    const audit = await call(admin, 'GET', '/api/admin/audit/list-per-page?action=withdraw.payout_cancelled');
    const entry = (audit.json().data as TAuditEntry[]).find((row) => row.targetId === id);
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'withdraw.payout_cancelled' });
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'accepted', after: 'requested' },
        { field: 'reason', before: null, after: reason },
      ]),
    );

    const history = (await call(sari, 'GET', `/api/admin/withdraw/history/${sari.user.id}`)).json().list;
    expect(history).toEqual([expect.objectContaining({ id, status: 'requested', cancelReason: reason })]);
    expect(payoutCancelledText(reason)).toContain(reason);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const csv = await call(admin, 'GET', `/api/admin/withdraw/export-accepted?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    const line = csv.body
      .split('\r\n')
      .find((row) => row.includes(`,25000,`) && row.includes(WITHDRAW_EXPORT_STATUS.payoutCancelled));
    // The reason's leading '=' is neutralised like any formula cell.
    expect(line).toMatch(
      new RegExp(
        `^Sari Test,BCA,5550001111,Sari Test,25000,${today} [0-9:]{8},${WITHDRAW_EXPORT_STATUS.payoutCancelled},"?'=Transfer gagal, dana kembali"?$`,
      ),
    );
  });

  it('keeps the balance exact under racing cancels and rejections of a paid withdrawal', async () => {
    const sari = await member(60_000);
    const id = await paidOut(sari, 60_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0 ? decide(admin, id, 'requested', 'Dana dikembalikan bank') : decide(staff, id, 'rejected'),
      ),
    );
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    // Cancels and rejections may alternate (a cancelled rejection holds again): whatever the order, the
    // ledger nets to one payout unless the last word was a rejection.
    expect(await ledgerSumOf(t.db, sari.user.id)).toBe(row?.status === 'rejected' ? 60_000 : 0);
    expect(await balance(sari)).toBe(row?.status === 'rejected' ? 60_000 : 0);
  });
});
