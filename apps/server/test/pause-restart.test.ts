/**
 * A blast's waits outlive the loop that began them (issue 23): a restart or another worker's takeover in the
 * middle of a long pause between sends, of a restriction's cool-down, or of a pause for health sends nothing
 * before the kept time. Each "restart" is the loop stopped as a shutdown stops it and a new loop on the same row;
 * a takeover is the lease passed to another worker while the first loop still sleeps. The last is the whole
 * engine: a session host on the simulator stopped mid-pause and another one taking the account over.
 */
import type { TLiveMessage } from '@sewablast/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, settings, whatsappAccounts } from '../src/db/schema.ts';
import type { AccountRow } from '../src/engine/loop.ts';
import { COOL_DOWN_S } from '../src/engine/safety/restrict.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { createPresenter } from '../src/modules/whatsapp/present.ts';
import { recordAccountEvent } from '../src/rules/safety/account-events.ts';
import { SendError } from '../src/wa/driver.ts';
import { QUIET_RATES, SimulatorDriver } from '../src/wa/simulator.ts';
import {
  aLinkedAccount,
  aSimulatorAccount,
  aUser,
  blastOnClock,
  fieldsOf,
  onlyNumbers,
  scriptedSession,
} from './factories.ts';
import { createTestDatabase } from './harness.ts';
import { SMALL_SAFETY, wib } from './safety-fixtures.ts';

const WORKER = 'restart-worker';
const OTHER = 'takeover-worker';
let database: Database;
let userId = 0;

/** A warmed-up account that sent last night, its cap 10 over 08:00–20:00: about an hour between sends. */
async function addAccount(name: string) {
  await onlyNumbers(database.db, name, 5, 4);
  return aLinkedAccount(
    database.db,
    { userId, workerId: WORKER },
    { clientid: `restart-${name}`, last_sent_at: wib('2026-11-25T19:00:00'), warmup_started_on: '2026-11-01' },
  );
}

/**
 * A blast of `accountId` on `worker` and the shared clock; its waits last their time in real seconds, so that
 * only the test ends them (moving the clock, then waking the loop).
 */
function blast(accountId: number, clock: { now: Date }, worker = WORKER, session = scriptedSession(), enforce = true) {
  const run = blastOnClock({
    db: database.db,
    workerId: worker,
    accountId,
    session,
    clock,
    enforce,
    secondMs: 1000,
  });
  return { ...run, session };
}

const accountRow = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0] as AccountRow;

/** The blast's `loop` waits now: a while on, it has published nothing more and sent nothing. */
async function stillWaiting(run: ReturnType<typeof blast>) {
  const seen = run.events.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(run.events.slice(seen)).toEqual([]);
  expect(run.session.sends).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await aUser(database.db)).id;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, ...SMALL_SAFETY });
});
afterAll(() => database.close());

describe('a restart in the middle of a wait', () => {
  it('waits out the rest of the long pause between sends before the next send', async () => {
    const account = await addAccount('62866100');
    const clock = { now: wib('2026-11-26T08:00:00') };
    const first = blast(account.id, clock);
    await expect.poll(() => first.lastWait()?.wait_reason).toBe('spread');
    const end = first.lastWait()?.resume_at as string;
    expect(first.session.sends).toHaveLength(1);
    first.loop.stop('shutdown');
    await first.loop.done;

    // Ten minutes into the pause the server is back: the blast resumes waiting for what is left of it.
    clock.now = new Date(clock.now.getTime() + 10 * 60_000);
    const second = blast(account.id, clock);
    await expect.poll(() => second.waits().length).toBe(1);
    expect(second.waits()[0]?.waitTime).toBe((Date.parse(end) - clock.now.getTime()) / 1000);
    await stillWaiting(second);
    // The row still says when the next send comes.
    const presenter = createPresenter(database.db, { timeZone: 'Asia/Jakarta', enforce: true, now: () => clock.now });
    expect(await presenter.one(await accountRow(account.id))).toMatchObject({ wait_reason: 'spread', resume_at: end });

    // At the kept time it sends, and the wait is cleared.
    clock.now = new Date(end);
    second.loop.wake();
    await expect.poll(() => second.session.sends.length).toBe(1);
    expect(second.events.find(([event]) => event === 'progressing')).toEqual([
      'progressing',
      { resume_at: null, wait_reason: null },
    ]);
    await expect.poll(() => second.lastWait()?.sent_today).toBe(2);
    second.loop.stop('shutdown');
    await second.loop.done;
  });

  it('waits out the rest of the pause when another worker takes the account over, and the first sends nothing', async () => {
    const account = await addAccount('62866200');
    const clock = { now: wib('2026-11-26T08:00:00') };
    const first = blast(account.id, clock);
    await expect.poll(() => first.lastWait()?.wait_reason).toBe('spread');
    const end = first.lastWait()?.resume_at as string;

    // The first worker stalls past its lease in the pause; the other claims the account and resumes its blast.
    await database.db.update(whatsappAccounts).set({ owner_id: OTHER }).where(eq(whatsappAccounts.id, account.id));
    clock.now = new Date(clock.now.getTime() + 60_000);
    const second = blast(account.id, clock, OTHER);
    await expect.poll(() => second.waits().length).toBe(1);
    expect(second.waits()[0]?.waitTime).toBe((Date.parse(end) - clock.now.getTime()) / 1000);
    await stillWaiting(second);

    // At the kept time the new owner sends and begins its next long pause.
    clock.now = new Date(end);
    second.loop.wake();
    await expect.poll(() => second.session.sends.length).toBe(1);
    await expect.poll(() => second.lastWait()?.resume_at).not.toBe(end);
    const next = second.lastWait()?.resume_at as string;
    await expect.poll(async () => (await accountRow(account.id)).spread_until?.toISOString()).toBe(next);

    // The stalled worker wakes only now: it hands off without a send, and neither clears the new owner's pause
    // on the row nor tells the screens it is over.
    const said = first.events.length;
    first.loop.wake();
    await first.loop.done;
    expect(first.session.sends).toHaveLength(1);
    expect((await accountRow(account.id)).spread_until?.toISOString()).toBe(next);
    expect(first.events.slice(said)).toEqual([]);
    second.loop.stop('shutdown');
    await second.loop.done;
  });

  it('waits out the rest of a short pause, which the row does not keep, before the first send after a restart', async () => {
    await onlyNumbers(database.db, '62866600', 5, 4);
    const account = await aLinkedAccount(
      database.db,
      { userId, workerId: WORKER },
      { clientid: 'restart-62866600', interval_min: 30, interval_max: 30 },
    );
    const clock = { now: wib('2026-11-26T09:00:00') };
    const first = blast(account.id, clock, WORKER, scriptedSession(), false);
    await expect.poll(() => first.waits().length).toBe(1);
    expect(first.session.sends).toHaveLength(1);
    first.loop.stop('shutdown');
    await first.loop.done;
    expect((await accountRow(account.id)).spread_until).toBeNull();

    // Restarted ten seconds after the send: twenty seconds of the thirty are left.
    clock.now = new Date(clock.now.getTime() + 10_000);
    const second = blast(account.id, clock, WORKER, scriptedSession(), false);
    await expect.poll(() => second.waits().length).toBe(1);
    expect(second.waits()[0]?.waitTime).toBe(20);
    await stillWaiting(second);
    expect(fieldsOf(second.events, 'in_use')).toEqual([]);

    clock.now = new Date(clock.now.getTime() + 20_000);
    second.loop.wake();
    await expect.poll(() => second.session.sends.length).toBe(1);
    second.loop.stop('shutdown');
    await second.loop.done;
  });

  it('waits out a 429 cool-down a takeover found under way, and the next cool-down grows on from it', async () => {
    const account = await addAccount('62866300');
    const clock = { now: wib('2026-11-26T08:00:00') };
    const rateLimited = () => {
      throw new SendError('transient', '429', 'rate-overlimit');
    };
    const first = blast(account.id, clock, WORKER, scriptedSession(rateLimited));
    await expect.poll(() => first.lastWait()?.limited_until).toBeTruthy();
    const until = first.lastWait()?.limited_until as string;
    expect(first.lastWait()?.waitTime).toBe(COOL_DOWN_S);

    await database.db.update(whatsappAccounts).set({ owner_id: OTHER }).where(eq(whatsappAccounts.id, account.id));
    clock.now = new Date(clock.now.getTime() + 20_000);
    const second = blast(account.id, clock, OTHER, scriptedSession(rateLimited));
    await expect.poll(() => second.waits().length).toBe(1);
    expect(second.waits()[0]).toMatchObject({ waitTime: COOL_DOWN_S - 20, limited_until: until });
    await stillWaiting(second);

    // Its end reached, the stalled worker hands off, and the next send meets another 429: the second in a row
    // waits twice as long.
    clock.now = new Date(until);
    first.loop.wake();
    await first.loop.done;
    expect(first.session.sends).toHaveLength(1);
    second.loop.wake();
    await expect.poll(() => second.waits().length).toBe(2);
    expect(second.session.sends).toHaveLength(1);
    expect(second.waits()[1]?.waitTime).toBe(2 * COOL_DOWN_S);
    second.loop.stop('shutdown');
    await second.loop.done;
  });

  it('keeps an account paused for its health paused after a restart', async () => {
    const account = await addAccount('62866400');
    const clock = { now: wib('2026-11-26T10:00:00') };
    // Six reach-out timelocks in the last hours: health 28, under the pause at 40.
    for (let i = 0; i < 6; i++) {
      await recordAccountEvent(database.db, account.id, 'restricted', {
        code: '463',
        at: new Date(clock.now.getTime() - (i + 1) * 600_000),
      });
    }
    const first = blast(account.id, clock);
    await expect.poll(() => first.lastWait()?.wait_reason).toBe('health');
    first.loop.stop('shutdown');
    await first.loop.done;

    clock.now = new Date(clock.now.getTime() + 60_000);
    const second = blast(account.id, clock);
    await expect.poll(() => second.lastWait()?.wait_reason).toBe('health');
    expect(second.lastWait()).toMatchObject({ health: 28, resume_at: null });
    expect([...first.session.sends, ...second.session.sends]).toEqual([]);
    expect(fieldsOf(second.events, 'sending')).toEqual([]);
    second.loop.stop('shutdown');
    await second.loop.done;
  });
});

describe('a worker restarted in the middle of a long pause', () => {
  /** A worker on the simulator at the real clock, its live events kept; the safety rule off (any hour). */
  function worker(seed: number, events: TLiveMessage[]) {
    const bus = createMemoryBus();
    bus.subscribe(({ message }) => events.push(message));
    return new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver: new SimulatorDriver({ seed, scanMs: 60_000, delayMs: [1, 3], rates: QUIET_RATES }),
      bus,
      proxyOf: async () => null,
      releaseProxy: async () => {},
      renewMs: 500,
      claimMs: 200,
    });
  }

  it('resumes on the next worker waiting for what is left of the pause, not sending at once', async () => {
    await onlyNumbers(database.db, '62866500', 5, 4);
    const account = await aSimulatorAccount(
      database.db,
      { userId, tag: 'restart-host' },
      { blasting: true, interval_min: 90, interval_max: 90 },
    );
    const mine = (events: TLiveMessage[], event: string) =>
      events.filter((message) => message.payload.deviceId === account.clientid && message.event === event);

    const before: TLiveMessage[] = [];
    const first = worker(31, before);
    await first.start();
    await expect.poll(() => mine(before, 'waiting').length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(mine(before, 'count_success')).toHaveLength(1);
    const kept = (await accountRow(account.id)).spread_until;
    expect(kept).not.toBeNull();
    await first.stop();

    const after: TLiveMessage[] = [];
    const second = worker(32, after);
    await second.start();
    try {
      await expect.poll(() => mine(after, 'waiting').length, { timeout: 20_000 }).toBeGreaterThan(0);
      const waitTime = (mine(after, 'waiting')[0]?.payload as { waitTime?: number } | undefined)?.waitTime;
      const left = ((kept as Date).getTime() - Date.now()) / 1000;
      expect(waitTime).toBeGreaterThanOrEqual(Math.floor(left));
      expect(waitTime).toBeLessThanOrEqual(90);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(mine(after, 'sending')).toEqual([]);
      expect((await accountRow(account.id)).spread_until).toEqual(kept);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
