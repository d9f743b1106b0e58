import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels, messageLogs, phoneNumbers, settings, users, whatsappAccounts } from '../src/db/schema.ts';
import { referralShare } from '../src/ledger/fee.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
async function fixture(options: { referred?: boolean } = {}) {
  const referrer = await t.loginAs('member');
  const owner = await t.loginAs('member', { referred_by: options.referred ? referrer.user.id : undefined });
  sequence += 1;
  const [account] = await t.db
    .insert(whatsappAccounts)
    .values({
      clientid: `ledger-${sequence}-${Date.now()}`,
      user_id: owner.user.id,
      phonenumber: `62811000${sequence}`,
      state: 'connected',
    })
    .returning();
  const [number] = await t.db
    .insert(phoneNumbers)
    .values({ number: `6289${String(Date.now()).slice(-8)}${sequence}`, name: 'Target', in_use: true })
    .returning();
  if (!account || !number) throw new Error('fixture');
  return { referrer, owner, account, number };
}

const balance = (userId: number) => ledgerSumOf(t.db, userId);

describe('referralShare', () => {
  const shareOf = async (fee: number, percent: number | null) => {
    const result = (await t.db.execute(
      sql`select ${referralShare(sql`${fee}::bigint`, sql`${percent}::int`)} as share`,
    )) as unknown as { rows: { share: string }[] };
    return Number(result.rows[0]?.share);
  };

  it('floors the share in whole rupiah, the percent held to 0–100', async () => {
    expect(await shareOf(150, 10)).toBe(15);
    expect(await shareOf(155, 10)).toBe(15);
    expect(await shareOf(99, 33)).toBe(32);
    expect(await shareOf(100, 0)).toBe(0);
    expect(await shareOf(100, 150)).toBe(100);
    expect(await shareOf(100, -5)).toBe(0);
    expect(await shareOf(100, null)).toBe(0);
  });
});

describe('recordSend', () => {
  it("credits the owner's level fee and the referrer's share, once, with every counter", async () => {
    await t.db.update(settings).set({ price: 100, referral_percent: 10 });
    const [level] = await t.db
      .insert(levels)
      .values({ name: 'L150', blast_fee: 155, requirement_blast: 0 })
      .returning();
    const { referrer, owner, account, number } = await fixture({ referred: true });
    await t.db.update(users).set({ level_id: level?.id }).where(eq(users.id, owner.user.id));

    const first = await recordSend(t.db, {
      accountId: account.id,
      phoneNumberId: number.id,
      templateId: null,
      status: 'success',
      sendKey: `${account.id}:1`,
    });
    expect(first).toMatchObject({
      fee: 155,
      account: { count_success: 1, count_fail: 0, income: 155 },
      referral: { userId: referrer.user.id, amount: 15 },
    });
    expect(
      await recordSend(t.db, {
        accountId: account.id,
        phoneNumberId: number.id,
        templateId: null,
        status: 'success',
        sendKey: `${account.id}:1`,
      }),
    ).toBeNull();

    expect(await balance(owner.user.id)).toBe(155);
    expect(await balance(referrer.user.id)).toBe(15);
    const [phone] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, number.id));
    expect(phone).toMatchObject({ count_success: 1, in_use: false });
    expect(phone?.last_sent).toBeInstanceOf(Date);
    const [user] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(user?.total_success).toBe(1);
    const logs = await t.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'success', fee: 155 });
    await t.db.delete(levels);
  });

  it('counts a failure without money', async () => {
    const { owner, account, number } = await fixture();
    const failed = await recordSend(t.db, {
      accountId: account.id,
      phoneNumberId: number.id,
      templateId: null,
      status: 'fail',
      error: '404',
      sendKey: `${account.id}:f`,
    });
    expect(failed).toMatchObject({ fee: 0, account: { count_success: 0, count_fail: 1, income: 0 } });
    expect(await balance(owner.user.id)).toBe(0);
    const [phone] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, number.id));
    expect(phone).toMatchObject({ count_fail: 1, in_use: false });
  });

  it('promotes the owner to the highest level their lifetime successes reach, and pays its fee from then on', async () => {
    await t.db.update(settings).set({ price: 100, referral_percent: 0 });
    const [bronze, silver] = await t.db
      .insert(levels)
      .values([
        { name: 'Bronze', blast_fee: 100, requirement_blast: 0 },
        { name: 'Silver', blast_fee: 150, requirement_blast: 3 },
      ])
      .returning();
    const { owner, account } = await fixture();
    const fees: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const recorded = await recordSend(t.db, {
        accountId: account.id,
        phoneNumberId: null,
        templateId: null,
        status: 'success',
        sendKey: `${account.id}:p${i}`,
      });
      fees.push(recorded?.fee ?? -1);
      expect(recorded?.levelId).toBe(i >= 3 ? silver?.id : bronze?.id);
    }
    expect(fees).toEqual([100, 100, 100, 150]);
    expect(await balance(owner.user.id)).toBe(450);
    await t.db.delete(levels);
  });

  it('counts every one of many concurrent outcomes exactly once', async () => {
    await t.db.update(settings).set({ price: 100, referral_percent: 50 });
    const { referrer, owner, account } = await fixture({ referred: true });
    const keys = Array.from({ length: 30 }, (_, i) => `${account.id}:c${i % 20}`);
    await Promise.all(
      keys.map((sendKey, i) =>
        recordSend(t.db, {
          accountId: account.id,
          phoneNumberId: null,
          templateId: null,
          status: i % 5 === 4 ? 'fail' : 'success',
          sendKey,
        }),
      ),
    );
    const logs = await t.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    expect(logs).toHaveLength(20);
    const successes = logs.filter((log) => log.status === 'success').length;
    const [row] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id));
    expect(row).toMatchObject({ count_success: successes, count_fail: 20 - successes, income: successes * 100 });
    expect(await balance(owner.user.id)).toBe(successes * 100);
    expect(await balance(referrer.user.id)).toBe(successes * 50);
  });
});
