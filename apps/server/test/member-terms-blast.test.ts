/**
 * The member's own terms in the blast loop, on a clock the test moves (as account-safety.test.ts does): a
 * blast sends only in the hours the member's and the service's share, even when the member's cross midnight
 * and split the day in two, at most the member's cap in a sending day, and never when the two never meet.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import type { AccountRow } from '../src/engine/loop.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { aLinkedAccount, aUser, blastOnClock, onlyNumbers, scriptedSession } from './factories.ts';
import { createTestDatabase } from './harness.ts';
import { wib } from './safety-fixtures.ts';

const WORKER = 'terms-worker';
let database: Database;
let userId = 0;

const addNumbers = (prefix: string, count: number) => onlyNumbers(database.db, prefix, count);

/** A warmed-up account that last sent the day before the test's day. */
const addAccount = (name: string, values: Partial<AccountRow>) =>
  aLinkedAccount(
    database.db,
    { userId, workerId: WORKER },
    { last_sent_at: wib('2026-11-25T12:00:00'), warmup_started_on: '2026-10-01', ...values, clientid: name },
  );

/** A blast whose session records when, on the test's clock, each send went out, and moves the clock `step` on. */
function blast(accountId: number, clock: { now: Date }, stepMinutes = 0) {
  const sends: Date[] = [];
  const session = scriptedSession(() => {
    sends.push(clock.now);
    clock.now = new Date(clock.now.getTime() + stepMinutes * 60_000);
  });
  const { loop, lastWait } = blastOnClock({
    db: database.db,
    workerId: WORKER,
    accountId,
    session,
    clock,
    enforce: true,
  });
  return { loop, session: { sends }, lastWait };
}

/** Each send's time on Jakarta's wall clock, `HH:MM`. */
const wallTimes = (sends: Date[]) =>
  sends.map((sent) => new Date(sent.getTime() + 7 * 3_600_000).toISOString().slice(11, 16));

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (
    await aUser(database.db, {
      firstname: 'Punya',
      lastname: 'Jam',
      email: 'jam@test.local',
      password_hash: 'x',
      referral_code: 'JAM00001',
    })
  ).id;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({
    ...DEFAULT_SETTINGS,
    daily_cap: 100,
    warmup_days: 0,
    send_window_start: '08:00',
    send_window_end: '20:00',
    template_repeat_days: 0,
  });
});
afterAll(() => database.close());

describe("a blast under the member's own terms", () => {
  it('sends only in the two stretches a crossing member window leaves, and at most the member’s cap a day', async () => {
    await addNumbers('62812100', 12);
    // 08:00–20:00 and the member's 18:00–10:00: 08:00–10:00 and 18:00–20:00, 4 a day.
    const account = await addAccount('terms-split', {
      member_daily_cap: 4,
      member_window_start: '18:00',
      member_window_end: '10:00',
    });
    const clock = { now: wib('2026-11-26T07:00:00') };
    // Each send takes 40 minutes of the test's clock.
    const { loop, session, lastWait } = blast(account.id, clock, 40);
    await expect.poll(() => lastWait()?.wait_reason).toBe('window');
    expect(lastWait()).toMatchObject({ resume_at: wib('2026-11-26T08:00:00').toISOString() });
    expect(session.sends).toEqual([]);

    // Morning stretch: 08:40 and 09:20 go out, and 10:00 is outside the member's hours until 18:00.
    clock.now = wib('2026-11-26T08:40:00');
    loop.wake();
    await expect.poll(() => lastWait()?.resume_at).toBe(wib('2026-11-26T18:00:00').toISOString());
    expect(lastWait()?.wait_reason).toBe('window');
    expect(wallTimes(session.sends)).toEqual(['08:40', '09:20']);

    // Between the stretches nothing goes out, however often the loop is woken.
    clock.now = wib('2026-11-26T14:00:00');
    loop.wake();
    await expect.poll(() => lastWait()?.resume_at).toBe(wib('2026-11-26T18:00:00').toISOString());
    expect(session.sends).toHaveLength(2);

    // Evening stretch: the day's other 2, then the member's cap holds until the next morning's 08:00.
    clock.now = wib('2026-11-26T18:00:00');
    loop.wake();
    await expect.poll(() => lastWait()?.wait_reason).toBe('cap');
    expect(wallTimes(session.sends)).toEqual(['08:40', '09:20', '18:00', '18:40']);
    expect(lastWait()).toMatchObject({
      daily_cap: 4,
      sent_today: 4,
      resume_at: wib('2026-11-27T08:00:00').toISOString(),
    });

    // A wake at 19:30, within the hours, sends nothing more that day.
    clock.now = wib('2026-11-26T19:30:00');
    loop.wake();
    await expect.poll(() => lastWait()?.resume_at).toBe(wib('2026-11-27T08:00:00').toISOString());
    expect(session.sends).toHaveLength(4);

    clock.now = wib('2026-11-27T08:00:00');
    loop.wake();
    await expect.poll(() => lastWait()?.resume_at).toBe(wib('2026-11-27T18:00:00').toISOString());
    expect(wallTimes(session.sends).slice(4)).toEqual(['08:00', '08:40', '09:20']);
    loop.stop('shutdown');
    await loop.done;
    expect(await accountRowOf(account.id)).toMatchObject({ sent_day: '2026-11-27', sent_count: 3 });
  });

  it('never sends when the member’s hours and the service’s never meet, and says so', async () => {
    await addNumbers('62812200', 3);
    const account = await addAccount('terms-never', { member_window_start: '21:00', member_window_end: '07:00' });
    const clock = { now: wib('2026-11-26T09:00:00') };
    const { loop, session, lastWait } = blast(account.id, clock);
    await expect.poll(() => lastWait()?.wait_reason).toBe('no_hours');
    expect(lastWait()?.resume_at).toBeNull();
    for (const time of ['2026-11-26T12:00:00', '2026-11-26T22:00:00', '2026-11-27T06:00:00']) {
      clock.now = wib(time);
      loop.wake();
      await expect.poll(() => lastWait()?.wait_reason).toBe('no_hours');
    }
    expect(session.sends).toEqual([]);
    loop.stop('shutdown');
    await loop.done;
    const inUse = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);
  });
});

const accountRowOf = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];
