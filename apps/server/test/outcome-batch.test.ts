/**
 * Blast outcomes written together (ledger/record-send.ts recordSends, ledger/outcome-writer.ts): one
 * statement records many accounts' outcomes with every counter and ledger entry each would get alone, a
 * repeated send key counts nothing, and a worker's concurrent outcomes share statements without one bad
 * outcome failing the others.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { messageLogs, messageTemplates, phoneNumbers, settings, users, whatsappAccounts } from '../src/db/schema.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { recordSend, recordSends } from '../src/ledger/record-send.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.update(settings).set({ price: 100, referral_percent: 10 });
});
afterAll(() => t.close());

let sequence = 0;
async function account(userId: number) {
  sequence += 1;
  const [row] = await t.db
    .insert(whatsappAccounts)
    .values({ clientid: `batch-${sequence}-${Date.now()}`, user_id: userId, phonenumber: `62812${sequence}` })
    .returning();
  if (!row) throw new Error('no account');
  return row;
}
async function numbers(count: number) {
  const rows = await t.db
    .insert(phoneNumbers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        number: `62878${String(Date.now()).slice(-6)}${String(++sequence).padStart(3, '0')}${i}`,
        name: 'N',
        in_use: true,
      })),
    )
    .returning();
  return rows;
}
const balance = (userId: number) => ledgerSumOf(t.db, userId);

describe('recordSends', () => {
  it('records several accounts and owners in one statement, each as it would be alone', async () => {
    const referrer = await t.loginAs('member');
    const owner = await t.loginAs('member', { referred_by: referrer.user.id });
    const other = await t.loginAs('member');
    const [a1, a2, b1] = [await account(owner.user.id), await account(owner.user.id), await account(other.user.id)];
    const [template] = await t.db.insert(messageTemplates).values({ text_wa: 'Halo' }).returning();
    const phones = await numbers(4);
    const [n1, n2, n3, n4] = phones;
    if (!a1 || !a2 || !b1 || !template || !n1 || !n2 || !n3 || !n4) throw new Error('fixture');
    await t.db.update(whatsappAccounts).set({ blast_number_id: n1.id }).where(eq(whatsappAccounts.id, a1.id));
    const earlier = await recordSend(t.db, {
      accountId: b1.id,
      phoneNumberId: n4.id,
      templateId: template.id,
      status: 'success',
      sendKey: `${b1.id}:early`,
    });
    expect(earlier?.fee).toBe(100);

    const recorded = await recordSends(t.db, [
      { accountId: a1.id, phoneNumberId: n1.id, templateId: template.id, status: 'success', sendKey: `${a1.id}:1` },
      { accountId: a2.id, phoneNumberId: n2.id, templateId: template.id, status: 'success', sendKey: `${a2.id}:1` },
      {
        accountId: b1.id,
        phoneNumberId: n3.id,
        templateId: template.id,
        status: 'fail',
        error: '408',
        sendKey: `${b1.id}:1`,
      },
      // The same send again, as after a crash: nothing counted, the number given back all the same.
      { accountId: b1.id, phoneNumberId: n4.id, templateId: template.id, status: 'success', sendKey: `${b1.id}:early` },
      { accountId: 999_999, phoneNumberId: null, templateId: null, status: 'success', sendKey: 'nobody:1' },
    ]);
    expect(recorded.map((row) => row && { fee: row.fee, account: row.account, referral: row.referral })).toEqual([
      {
        fee: 100,
        account: { count_success: 1, count_fail: 0, income: 100 },
        referral: { userId: referrer.user.id, amount: 10 },
      },
      {
        fee: 100,
        account: { count_success: 1, count_fail: 0, income: 100 },
        referral: { userId: referrer.user.id, amount: 10 },
      },
      { fee: 0, account: { count_success: 1, count_fail: 1, income: 100 }, referral: null },
      null,
      null,
    ]);
    expect(await balance(owner.user.id)).toBe(200);
    expect(await balance(referrer.user.id)).toBe(20);
    expect(await balance(other.user.id)).toBe(100);
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(ownerRow?.total_success).toBe(2);
    const phonesAfter = await t.db
      .select()
      .from(phoneNumbers)
      .where(
        inArray(
          phoneNumbers.id,
          phones.map((phone) => phone.id),
        ),
      )
      .orderBy(phoneNumbers.id);
    expect(phonesAfter.map((phone) => [phone.in_use, phone.count_success, phone.count_fail])).toEqual([
      [false, 1, 0],
      [false, 1, 0],
      [false, 0, 1],
      [false, 1, 0],
    ]);
    const [a1After] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, a1.id));
    expect(a1After?.blast_number_id).toBeNull();
    const [templateAfter] = await t.db.select().from(messageTemplates).where(eq(messageTemplates.id, template.id));
    expect(templateAfter?.count_use).toBe(4);
  });
});

describe('OutcomeWriter', () => {
  it("shares statements between a worker's concurrent outcomes and fails a bad one alone", async () => {
    const owner = await t.loginAs('member');
    const accounts = await Promise.all(Array.from({ length: 40 }, () => account(owner.user.id)));
    let statements = 0;
    const counting = new Proxy(t.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements += 1;
          return value.apply(target, args);
        };
      },
    }) as Db;
    const writer = new OutcomeWriter(counting);
    const record = (row: { id: number }, key: string, templateId: number | null = null) =>
      writer.record({
        accountId: row.id,
        phoneNumberId: null,
        templateId,
        status: 'success',
        sendKey: `${row.id}:${key}`,
      });

    const first = await Promise.all(accounts.map((row) => record(row, 'w')));
    expect(first.every((recorded) => recorded?.fee === 100)).toBe(true);
    // The first outcome goes alone; the 39 that arrive while it is written go together.
    expect(statements).toBe(2);

    // A template that does not exist: its log cannot be written, and only it fails.
    const second = await Promise.allSettled([
      ...accounts.slice(0, 10).map((row) => record(row, 'x')),
      record(accounts[10] as { id: number }, 'bad', 2_000_000_000),
    ]);
    expect(second.slice(0, 10).every((outcome) => outcome.status === 'fulfilled' && outcome.value?.fee === 100)).toBe(
      true,
    );
    expect(second[10]?.status).toBe('rejected');
    const logs = await t.db
      .select()
      .from(messageLogs)
      .where(
        inArray(
          messageLogs.whatsapp_id,
          accounts.map((row) => row.id),
        ),
      );
    expect(logs).toHaveLength(50);
    expect(await balance(owner.user.id)).toBe(5000);
  });
});
