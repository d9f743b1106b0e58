/**
 * Health-driven pacing in the blast loop, on a clock the test moves: an account's 463s, 429s and disconnects
 * lower its health, which stretches its pause and lowers its cap, then pauses it below the threshold (the blast
 * waits, saying why, and does not end), every decision logged in its event log; a day later, its bad signals
 * out of the window, it recovers and sends again by itself. With ACCOUNT_SAFETY off the health is shown and
 * nothing is decided on it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, settings, whatsappAccounts } from '../src/db/schema.ts';
import { refreshHealth } from '../src/engine/safety/health-read.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { createPresenter } from '../src/modules/whatsapp/present.ts';
import { accountEventsSince, recordAccountEvent } from '../src/rules/safety/account-events.ts';
import { SendError } from '../src/wa/driver.ts';
import { aLinkedAccount, aUser, blastOnClock, onlyNumbers, scriptedSession } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'health-worker';
const HOUR = 3_600_000;
let database: Database;
let userId = 0;

/** `ok`, a 463 timelock ending at once, or a 429. */
type Answer = 'ok' | 'timelock' | '429';

/** A session that answers each send as the script says, in turn. */
const sessionOf = (script: Answer[]) =>
  scriptedSession((n) => {
    const answer = script[n] ?? 'ok';
    if (answer === 'timelock') throw new SendError('restricted', '463', 'reach-out timelock', new Date());
    if (answer === '429') throw new SendError('transient', '429', 'rate-overlimit');
  });

async function addAccount(name: string, numbers: number) {
  await onlyNumbers(database.db, name, numbers, 4);
  return aLinkedAccount(
    database.db,
    { userId, workerId: WORKER },
    { clientid: `health-${name}`, interval_min: 10, interval_max: 10 },
  );
}

/**
 * The test's clock starts an hour ahead of the real one: the events the engine records at the database's time
 * then fall inside the window ending at the test's clock, and out of it once the clock moves a day on.
 */
function blast(accountId: number, script: Answer[], enforce: boolean) {
  const clock = { now: new Date(Date.now() + HOUR) };
  const session = sessionOf(script);
  const { loop, events, waits } = blastOnClock({
    db: database.db,
    workerId: WORKER,
    accountId,
    session,
    clock,
    enforce,
  });
  return { clock, session, events, loop, waits };
}

const decisions = async (accountId: number) =>
  (await accountEventsSince(database.db, accountId, new Date(0)))
    .filter((event) => event.kind.startsWith('health_'))
    .map((event) => [event.kind, (event.detail as { health: number }).health]);

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (
    await aUser(database.db, {
      firstname: 'Sehat',
      lastname: 'Selalu',
      email: 'sehat@test.local',
      password_hash: 'x',
      referral_code: 'SEHAT001',
    })
  ).id;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({
    ...DEFAULT_SETTINGS,
    // So high that the day spread over all day (send-spread.ts) asks for less than the account's 10 s: the
    // pauses seen are the account's own, stretched by its health.
    daily_cap: 10_000,
    warmup_days: 0,
    send_window_start: '00:00',
    send_window_end: '00:00',
    template_repeat_days: 0,
    health_slow_below: 70,
    health_pause_below: 40,
  });
});
afterAll(() => database.close());

describe('health-driven pacing', () => {
  it('slows an account as its 463s, 429s and disconnects mount, pauses it below the threshold, and resumes it', async () => {
    const account = await addAccount('62855100', 30);
    // Six drops today: two are a phone's network, four cost 3 each.
    for (let i = 0; i < 6; i++) await recordAccountEvent(database.db, account.id, 'disconnected', { code: 'lost' });
    const script: Answer[] = ['ok', 'ok', 'timelock', 'timelock', '429', '429', 'ok', 'ok', 'timelock', 'timelock'];
    const { clock, session, loop, waits } = blast(account.id, script, true);

    // Healthy (100 − 12): the account's own 10 s pause.
    await expect.poll(() => session.sends.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(waits()[0]).toMatchObject({ waitTime: 10, health: 88, daily_cap: 10_000, health_slowed: false });

    // Two timelocks and two 429s later, health 52: the pause stretched by (70 / 52)², the cap lowered as much.
    await expect.poll(() => waits().find((wait) => wait.waitTime === 18), { timeout: 20_000 }).toBeTruthy();
    expect(waits().find((wait) => wait.waitTime === 18)).toMatchObject({
      health: 52,
      daily_cap: 5_518,
      health_slowed: true,
    });

    // Two more timelocks, health 28: paused, saying why, with no time promised; nothing more is sent.
    await expect.poll(() => waits().at(-1)?.wait_reason, { timeout: 20_000 }).toBe('health');
    expect(waits().at(-1)).toMatchObject({ health: 28, health_pause_below: 40, resume_at: null, health_trend: 'down' });
    expect(session.sends).toHaveLength(10);
    const presenter = createPresenter(database.db, { timeZone: 'Asia/Jakarta', enforce: true, now: () => clock.now });
    const row = (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))[0];
    if (!row) throw new Error('account gone');
    expect(await presenter.one(row)).toMatchObject({
      health: 28,
      wait_reason: 'health',
      resume_at: null,
      blasting: true,
      health_pause_below: 40,
    });
    // Checked again: still paused, still nothing sent, the blast not ended.
    const held = waits().length;
    loop.wake();
    await expect.poll(() => waits().length, { timeout: 20_000 }).toBeGreaterThan(held);
    expect(waits().at(-1)?.wait_reason).toBe('health');
    expect(session.sends).toHaveLength(10);

    // A day on, the bad signals are out of the window: it resumes by itself at its own pace.
    clock.now = new Date(clock.now.getTime() + 25 * HOUR);
    loop.wake();
    await expect.poll(() => session.sends.length, { timeout: 20_000 }).toBeGreaterThan(10);
    loop.stop();
    await loop.done;

    expect(await decisions(account.id)).toEqual([
      ['health_slowed', 64],
      ['health_slowed', 58],
      ['health_slowed', 52],
      ['health_slowed', 40],
      ['health_paused', 28],
      ['health_resumed', 100],
    ]);
  });

  it('with ACCOUNT_SAFETY off, shows the health and decides nothing on it', async () => {
    const account = await addAccount('62855200', 4);
    for (let i = 0; i < 5; i++) {
      await recordAccountEvent(database.db, account.id, 'restricted', { code: '463' });
    }
    // The host keeps its health on its row whatever the rule (health-read.ts).
    await refreshHealth(database.db, [account.id], { now: new Date(), enforce: false });
    const { session, loop, waits } = blast(account.id, [], false);
    await loop.done;
    expect(session.sends).toHaveLength(4);
    expect(waits().every((wait) => wait.waitTime === 10 && wait.wait_reason === null)).toBe(true);
    expect(waits()[0]).toMatchObject({ health: 40 });
    expect(await decisions(account.id)).toEqual([]);
  });
});
