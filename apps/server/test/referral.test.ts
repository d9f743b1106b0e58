/**
 * The referral list on the real database (spec part 2 §2 Referral, §6, §7): a member's own referees, paged,
 * each with the referral shares their successful blasts brought (written by `recordSend`), the total for
 * 'Total : {amount}', and that only members fetch it, each only their own.
 */
import { referralTotalText } from '@sewablast/contract/referral-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, whatsappAccounts } from '../src/db/schema.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // No levels: every success earns `price`, and the referrer 10% of it.
  await t.db.update(settings).set({ price: 1000, referral_percent: 10 });
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;

let sends = 0;
/** `success` successful and `fail` failed blasts from a new account of `owner`. */
async function blasts(owner: Caller, success: number, fail = 0) {
  sends += 1;
  const [account] = await t.db
    .insert(whatsappAccounts)
    .values({
      clientid: `referral-${sends}`,
      user_id: owner.user.id,
      phonenumber: `6281300${sends}`,
      state: 'connected',
    })
    .returning();
  if (!account) throw new Error('no account');
  const outcomes = [...Array(success).fill('success'), ...Array(fail).fill('fail')] as ('success' | 'fail')[];
  for (const [i, status] of outcomes.entries()) {
    await recordSend(t.db, {
      accountId: account.id,
      phoneNumberId: null,
      templateId: null,
      status,
      sendKey: `r${sends}:${i}`,
    });
  }
}

const page = (caller: Caller, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/users/referral-per-page${query}`, headers: caller.headers });

describe('referral-per-page', () => {
  it("lists the member's own referees, each with the income they brought, and the total", async () => {
    const referrer = await t.loginAs('member');
    const ana = await t.loginAs('member', { firstname: 'Ana', referred_by: referrer.user.id });
    const budi = await t.loginAs('member', { firstname: 'Budi', referred_by: referrer.user.id });
    const cici = await t.loginAs('member', { firstname: 'Cici', referred_by: referrer.user.id });
    const otherReferrer = await t.loginAs('member');
    const dodi = await t.loginAs('member', { firstname: 'Dodi', referred_by: otherReferrer.user.id });
    await blasts(ana, 3);
    await blasts(ana, 1, 2);
    await blasts(budi, 1, 1);
    await blasts(dodi, 5);
    // The referrer's own blasts are blast income, not referral income.
    await blasts(referrer, 2);

    const res = await page(referrer, `?page=1&userId=${referrer.user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.list).toEqual([
      { id: cici.user.id, firstname: 'Cici', lastname: 'Test', email: cici.user.email, income: 0 },
      { id: budi.user.id, firstname: 'Budi', lastname: 'Test', email: budi.user.email, income: 100 },
      { id: ana.user.id, firstname: 'Ana', lastname: 'Test', email: ana.user.email, income: 400 },
    ]);
    expect(body.total).toBe(500);
    expect(referralTotalText('Rp 500')).toBe('Total : Rp 500');
    expect(body.meta).toMatchObject({ page: 1, total: 3, totalPages: 1 });

    const other = (await page(otherReferrer)).json();
    expect(other.list.map((row: { id: number }) => row.id)).toEqual([dodi.user.id]);
    expect(other.total).toBe(500);
  });

  it('pages the referees', async () => {
    const referrer = await t.loginAs('member');
    for (let i = 0; i < 3; i += 1) await t.loginAs('member', { referred_by: referrer.user.id });
    const first = (await page(referrer, '?page=1&limit=2')).json();
    expect(first.list).toHaveLength(2);
    expect(first.meta).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect((await page(referrer, '?page=2&limit=2')).json().list).toHaveLength(1);
    const none = (await page(await t.loginAs('member'))).json();
    expect(none).toEqual({ list: [], total: 0, meta: { page: 1, limit: 10, total: 0, totalPages: 1 } });
  });

  it("is fetched by members only, each their own: another member's userId, staff, admins and devs get 403", async () => {
    const referrer = await t.loginAs('member');
    await t.loginAs('member', { referred_by: referrer.user.id });
    const stranger = await t.loginAs('member');
    const refused = [
      await page(stranger, `?userId=${referrer.user.id}`),
      ...(await Promise.all(
        (['staff', 'admin', 'dev'] as const).map(async (role) =>
          page(await t.loginAs(role), `?userId=${referrer.user.id}`),
        ),
      )),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/users/referral-per-page' });
    expect(anonymous.statusCode).toBe(401);
  });
});

const links = (caller: Caller, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/users/referral-links-per-page${query}`, headers: caller.headers });

describe('referral-links-per-page', () => {
  it('shows admins and devs every referral with the shares it brought its referrer, paged and searched', async () => {
    const referrer = await t.loginAs('member', { firstname: 'Perujukzeta' });
    const first = await t.loginAs('member', { firstname: 'Rujukan Satu', referred_by: referrer.user.id });
    const second = await t.loginAs('member', { firstname: 'Rujukan Dua', referred_by: referrer.user.id });
    // A referee who refers someone in turn: that share is theirs, not the first referrer's.
    const grandchild = await t.loginAs('member', { firstname: 'Cucuzeta', referred_by: first.user.id });
    await blasts(first, 4);
    await blasts(grandchild, 2);
    const admin = await t.loginAs('admin');

    const body = (await links(admin, '?search=zeta')).json();
    expect(body.meta).toMatchObject({ page: 1, total: 3, totalPages: 1 });
    const shown = body.data.map((row: { referee: { id: number }; referrer: { id: number }; income: number }) => [
      row.referee.id,
      row.referrer.id,
      row.income,
    ]);
    // 'zeta' is in the referrer's name for the first two and in the referee's name for the third.
    expect(shown).toEqual([
      [grandchild.user.id, first.user.id, 200],
      [second.user.id, referrer.user.id, 0],
      [first.user.id, referrer.user.id, 400],
    ]);
    expect(body.data[2].referrer).toEqual({
      id: referrer.user.id,
      firstname: 'Perujukzeta',
      lastname: 'Test',
      email: referrer.user.email,
    });
    expect(body.data[2].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // A word inside a name, and an email, find the referral too.
    const inside = (await links(admin, '?search=ukan%20Dua')).json();
    expect(inside.data.map((row: { referee: { id: number } }) => row.referee.id)).toEqual([second.user.id]);
    const byEmail = (await links(admin, `?search=${encodeURIComponent(grandchild.user.email)}`)).json();
    expect(byEmail.data).toHaveLength(1);

    const dev = await t.loginAs('dev');
    const paged = (await links(dev, '?search=zeta&page=2&limit=2')).json();
    expect(paged.meta).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data).toHaveLength(1);
    // The service's total of shares includes every referral, searched or not.
    const everything = (await links(dev)).json();
    expect(everything.total).toBeGreaterThanOrEqual(600);
    expect(everything.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('is refused to members and staff', async () => {
    for (const role of ['member', 'staff'] as const) {
      const res = await links(await t.loginAs(role));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
  });
});
