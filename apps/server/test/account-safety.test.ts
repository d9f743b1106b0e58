/**
 * Account safety in the blast loop, on a clock the test moves: a blast waits for the sending hours, a new
 * account sends no more than its warm-up cap each day and goes on by itself the next day, a warmed-up account's
 * day is spread over its sending hours rather than sent in a burst, a restart keeps the
 * day's count, the count is exact under concurrent and repeated outcomes, and one number is not sent the same
 * template twice within the admin's window; a restriction is waited out to its end on the same clock.
 */
import { BLAST_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageLogs, messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import type { AccountRow } from '../src/engine/loop.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { recordSends } from '../src/ledger/record-send.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { createPresenter } from '../src/modules/whatsapp/present.ts';
import { SendError } from '../src/wa/driver.ts';
import { aLinkedAccount, aUser, blastOnClock, fieldsOf, onlyNumbers, scriptedSession } from './factories.ts';
import { createTestDatabase } from './harness.ts';
import { SMALL_SAFETY, wib } from './safety-fixtures.ts';

const WORKER = 'safety-worker';
let database: Database;
let userId = 0;
let templateId = 0;

const addNumbers = (prefix: string, count: number) => onlyNumbers(database.db, prefix, count);

const addAccount = (name: string, values: Partial<AccountRow> = {}) =>
  aLinkedAccount(database.db, { userId, workerId: WORKER }, { ...values, clientid: name });

/**
 * A blast of `accountId` on the test's clock; `random` draws each pause in its bounds (0: the least); a pause
 * passes at once unless `pausesPass` is false.
 */
function blast(
  accountId: number,
  clock: { now: Date },
  session = scriptedSession(),
  random = () => 0,
  pausesPass = true,
) {
  const run = blastOnClock({
    db: database.db,
    workerId: WORKER,
    accountId,
    session,
    clock,
    enforce: true,
    random,
    skipPauses: pausesPass,
  });
  return { ...run, session };
}

const accountRow = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (
    await aUser(database.db, {
      firstname: 'Aman',
      lastname: 'Sekali',
      email: 'aman@test.local',
      password_hash: 'x',
      referral_code: 'AMAN0001',
    })
  ).id;
  const [template] = await database.db
    .insert(messageTemplates)
    .values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' })
    .returning();
  templateId = template?.id ?? 0;
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, ...SMALL_SAFETY });
});
afterAll(() => database.close());

describe('a blast under the account safety rule', () => {
  it('waits for the sending hours, warms a new account up day by day, and goes on by itself each morning', async () => {
    const numbers = await addNumbers('62811100', 10);
    const account = await addAccount('safety-warmup');
    const clock = { now: wib('2026-11-26T07:00:00') };
    const { loop, session, events, lastWait } = blast(account.id, clock);

    await expect.poll(() => lastWait()?.wait_reason).toBe('window');
    expect(lastWait()).toMatchObject({ resume_at: wib('2026-11-26T08:00:00').toISOString(), warmup_day: 1 });
    expect(session.sends).toEqual([]);
    // The number the held-back round took is back in the pool.
    const inUse = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);

    clock.now = wib('2026-11-26T08:00:00');
    loop.wake();
    await expect.poll(() => lastWait()?.wait_reason).toBe('cap');
    expect(session.sends).toHaveLength(2);
    expect(lastWait()).toMatchObject({
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
      daily_cap: 2,
      sent_today: 2,
      warmup_day: 1,
      warmup_days: 3,
    });
    const counted = fieldsOf(events, 'count_success').map((extra) => extra.sent_today);
    expect(counted).toEqual([1, 2]);
    expect(await accountRow(account.id)).toMatchObject({
      sent_day: '2026-11-26',
      sent_count: 2,
      warmup_started_on: '2026-11-26',
    });

    // Day 2 of 3: 2 + (10 − 2) × 1/3 = 4.
    clock.now = wib('2026-11-27T08:00:00');
    loop.wake();
    await expect.poll(() => session.sends.length).toBe(6);
    await expect.poll(() => lastWait()?.wait_reason).toBe('cap');
    expect(lastWait()).toMatchObject({ daily_cap: 4, sent_today: 4, warmup_day: 2 });

    // Day 3: 7 allowed, 4 numbers left: the blast finishes.
    clock.now = wib('2026-11-28T09:30:00');
    loop.wake();
    await loop.done;
    expect(session.sends).toHaveLength(10);
    expect(new Set(session.sends)).toEqual(new Set(numbers.map((number) => number.number)));
    expect(events.at(-1)?.[0]).toBe('finished');
    expect(await accountRow(account.id)).toMatchObject({ sent_day: '2026-11-28', sent_count: 4, count_success: 10 });
  });

  it('spreads a warmed-up account’s day over its sending hours instead of sending its cap in the first hour', async () => {
    await addNumbers('62811600', 10);
    const account = await addAccount('safety-spread', {
      interval_min: 10,
      interval_max: 30,
      last_sent_at: wib('2026-11-25T19:00:00'),
      warmup_started_on: '2026-11-01',
    });
    const clock = { now: wib('2026-11-26T08:00:00') };
    const sentAt: Date[] = [];
    const session = scriptedSession(() => {
      sentAt.push(clock.now);
    });
    // Each pause drawn in the middle of its bounds: the even gap.
    const { loop, lastWait } = blast(account.id, clock, session, () => 0.5);
    await expect.poll(() => lastWait()?.wait_reason, { timeout: 20_000 }).toBe('cap');
    loop.stop('shutdown');
    await loop.done;
    // Its cap of 10 over 08:00–20:00: one about every 65 minutes, the last late in the afternoon, none after 20:00.
    expect(sentAt).toHaveLength(10);
    expect(sentAt.filter((at) => at < wib('2026-11-26T09:00:00'))).toHaveLength(1);
    expect(sentAt.at(-1)?.getTime()).toBeGreaterThan(wib('2026-11-26T17:00:00').getTime());
    expect(sentAt.at(-1)?.getTime()).toBeLessThan(wib('2026-11-26T20:00:00').getTime());
    const gaps = sentAt.slice(1).map((at, i) => (at.getTime() - (sentAt[i]?.getTime() ?? 0)) / 1000);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3600);
  });

  it('keeps a long pause on the row, so that the account’s answer says when the next send comes until it sends', async () => {
    await addNumbers('62811700', 5);
    const account = await addAccount('safety-kept', {
      interval_min: 10,
      interval_max: 30,
      last_sent_at: wib('2026-11-25T19:00:00'),
      warmup_started_on: '2026-11-01',
    });
    const clock = { now: wib('2026-11-26T08:00:00') };
    const { loop, events, lastWait } = blast(account.id, clock, scriptedSession(), () => 0, false);
    const presenter = createPresenter(database.db, { timeZone: 'Asia/Jakarta', enforce: true, now: () => clock.now });
    const answer = async () => presenter.one((await accountRow(account.id)) as AccountRow);

    // Its cap of 10 over 08:00–20:00: after the first send a pause of most of an hour, said with its end.
    await expect.poll(() => lastWait()?.wait_reason).toBe('spread');
    const pause = lastWait();
    const end = new Date(clock.now.getTime() + (pause?.waitTime ?? 0) * 1000).toISOString();
    expect(pause).toMatchObject({ resume_at: end, sent_today: 1 });
    expect(pause?.waitTime).toBeGreaterThan(1800);
    // The list and the account's answer read the row: the same wait after a reload, on a second tab, for an admin.
    expect((await accountRow(account.id))?.spread_until?.toISOString()).toBe(end);
    expect(await answer()).toMatchObject({ wait_reason: 'spread', resume_at: end, sent_today: 1 });

    // The pause over, the account sends again and the wait is cleared: its event says so, then the row.
    clock.now = new Date(end);
    const before = events.length;
    loop.wake();
    await expect.poll(() => events.slice(before).some(([event]) => event === 'count_success')).toBe(true);
    expect(events.slice(before)[0]).toEqual(['progressing', { resume_at: null, wait_reason: null }]);
    await expect.poll(() => lastWait()?.sent_today).toBe(2);
    expect(lastWait()?.wait_reason).toBe('spread');
    expect((await answer()).resume_at).toBe(lastWait()?.resume_at);

    // A pause a stopped or crashed blast left is nobody's wait.
    loop.stop('shutdown');
    await loop.done;
    clock.now = new Date(Date.parse(lastWait()?.resume_at ?? '') + 1000);
    expect(await answer()).toMatchObject({ wait_reason: null, resume_at: null });
  });

  it('keeps the day’s count across a restart: a new loop on a capped account sends nothing more that day', async () => {
    await addNumbers('62811200', 5);
    const account = await addAccount('safety-restart', {
      sent_day: '2026-11-26',
      sent_count: 10,
      last_sent_at: wib('2026-11-26T12:00:00'),
      warmup_started_on: '2026-11-01',
    });
    const clock = { now: wib('2026-11-26T13:00:00') };
    const { loop, session, lastWait } = blast(account.id, clock);
    await expect.poll(() => lastWait()?.wait_reason).toBe('cap');
    expect(lastWait()).toMatchObject({ daily_cap: 10, sent_today: 10, warmup_day: null });
    expect(session.sends).toEqual([]);
    loop.stop('shutdown');
    await loop.done;
    expect(await accountRow(account.id)).toMatchObject({ blasting: true, sent_count: 10 });
  });

  it("waits out a reach-out timelock until the end WhatsApp told, on the loop's clock", async () => {
    await addNumbers('62811500', 2);
    const account = await addAccount('safety-timelock');
    const clock = { now: wib('2026-11-26T10:00:00') };
    const until = new Date(clock.now.getTime() + 90 * 60_000);
    const session = scriptedSession(() => {
      throw new SendError('restricted', '463', 'reach-out timelock', until);
    });
    const { loop, lastWait } = blast(account.id, clock, session);
    await expect.poll(() => lastWait()?.limited_until).toBe(until.toISOString());
    expect(lastWait()?.waitTime).toBe(90 * 60);
    loop.stop('shutdown');
    await loop.done;
  });

  it('counts each logged send once under concurrent batches and repeated outcomes', async () => {
    const numbers = await addNumbers('62811300', 10);
    const account = await addAccount('safety-count', { blasting: false });
    const outcome = (i: number) => ({
      accountId: account.id,
      phoneNumberId: numbers[i]?.id ?? null,
      templateId,
      status: 'success' as const,
      sendKey: `count:${i}`,
      day: '2026-11-26',
      warmupFrom: '2026-11-26',
    });
    // Two writers (two workers across a takeover) record the same ten outcomes at once, each in its own batches.
    const writers = [new OutcomeWriter(database.db), new OutcomeWriter(database.db)];
    await Promise.all(writers.flatMap((writer) => numbers.map((_, i) => writer.record(outcome(i)))));
    expect(await accountRow(account.id)).toMatchObject({ sent_day: '2026-11-26', sent_count: 10, count_success: 10 });
    // A batch holding a repeat beside a new send counts the new one only.
    await recordSends(database.db, [outcome(0), { ...outcome(3), sendKey: 'count:new' }, outcome(3)]);
    expect(await accountRow(account.id)).toMatchObject({ sent_day: '2026-11-26', sent_count: 11, count_success: 11 });
    // The next sending day counts from zero.
    await recordSends(database.db, [{ ...outcome(0), sendKey: 'count:next', day: '2026-11-27' }]);
    expect(await accountRow(account.id)).toMatchObject({ sent_day: '2026-11-27', sent_count: 1 });
  });
});

describe('the template repeat window', () => {
  it('skips a number sent the same template within the window, and a looping blast that has none left ends', async () => {
    await database.db.update(settings).set({ template_repeat_days: 7, daily_cap: 100, warmup_days: 0 });
    const numbers = await addNumbers('62811400', 3);
    const earlier = await addAccount('safety-earlier', { blasting: false });
    await database.db.insert(messageLogs).values({
      whatsapp_id: earlier.id,
      user_id: userId,
      phone_number_id: numbers[0]?.id,
      template_id: templateId,
      status: 'success',
      send_key: 'repeat:earlier',
      sent_at: new Date(Date.now() - 2 * 86_400_000),
    });
    const account = await addAccount('safety-repeat', { loop: true });
    const clock = { now: wib('2026-11-26T10:00:00') };
    const { loop, session, events } = blast(account.id, clock);
    await loop.done;
    expect(session.sends.sort()).toEqual([numbers[1]?.number, numbers[2]?.number]);
    expect(events.at(-1)).toEqual(['error_blast', { sendError: BLAST_TEXT.noActiveNumbers }]);
    await database.db.update(settings).set({ template_repeat_days: 0, warmup_days: 3, daily_cap: 10 });
  });
});
