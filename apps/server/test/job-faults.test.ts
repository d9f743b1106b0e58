/**
 * A generator run through WhatsApp's everyday faults (DESIGN §5.6, §8; issue 12): a connection that drops for
 * longer than a housekeeping round, during a check or during the pause between two, makes the job wait for
 * its account and resume where it stopped, never fail; checks that fail for a passing reason are retried
 * with `attempting {code}`. Each ends with every number of the range counted exactly once.
 */
import type { TJobLiveMessage } from '@sewablast/contract/live';
import { isJobEvent, type TLiveEventName } from '@sewablast/contract/live-channel';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { generatorResults, generators } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { QUIET_RATES, SimulatorDriver, type SimulatorOptions } from '../src/wa/simulator.ts';
import { aSimulatorAccount } from './factories.ts';
import { seededTestDatabase } from './harness.ts';
import { until } from './job-helpers.ts';

let database: Database;
let userId: number;
beforeAll(async () => {
  const seeded = await seededTestDatabase();
  database = seeded;
  userId = seeded.devId;
});
afterAll(() => database.close());

const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

/**
 * A linked account on its own simulator and host, with a generator over `size` numbers wanted on it, and
 * every live event of that generator as it comes.
 */
async function generatorOn(options: {
  simulator: Partial<SimulatorOptions>;
  secondMs: number;
  renewMs: number;
  size: number;
  from: number;
}) {
  const driver = new SimulatorDriver({ seed: 17, scanMs: 60_000, delayMs: [1, 3], ...options.simulator });
  const account = await aSimulatorAccount(database.db, { userId, tag: 'faults' });
  const [job] = await database.db
    .insert(generators)
    .values({
      whatsapp_id: account.id,
      user_id: userId,
      start_number: String(options.from),
      end_number: String(options.from + options.size - 1),
      interval_min: 1,
      interval_max: 1,
      status: 'running',
    })
    .returning();
  if (!job) throw new Error('no generator');
  const bus = createMemoryBus();
  const events: TJobLiveMessage[] = [];
  bus.subscribe(({ message }) => {
    if (isJobEvent(message) && 'generatorId' in message.payload && message.payload.generatorId === job.id)
      events.push(message);
  });
  const host = new SessionHost({
    files: createFileStore(database.db),
    db: database.db,
    driver,
    bus,
    proxyOf: async () => null,
    releaseProxy: async () => {},
    secondMs: options.secondMs,
    renewMs: options.renewMs,
    claimMs: options.renewMs,
  });
  hosts.push(host);
  const row = async () => {
    const [found] = await database.db.select().from(generators).where(eq(generators.id, job.id));
    if (!found) throw new Error('no generator');
    return found;
  };
  const numbers = Array.from({ length: options.size }, (_, i) => String(options.from + i));
  return { clientid: account.clientid, driver, host, bus, events, row, id: job.id, numbers };
}

type Run = Awaited<ReturnType<typeof generatorOn>>;

const done = (job: { count_success: number; count_fail: number }) => job.count_success + job.count_fail;
const named = <E extends TLiveEventName>(run: Run, event: E) =>
  run.events.filter((message): message is Extract<TJobLiveMessage, { event: E }> => message.event === event);

/** Every number of the range counted and recorded once, the hits exactly the simulator's. */
async function expectExact(run: Run) {
  const job = await run.row();
  const expected = run.numbers.filter((number) => run.driver.exists(number));
  expect(job).toMatchObject({
    state: 'finished',
    status: 'stopped',
    count_success: expected.length,
    count_fail: run.numbers.length - expected.length,
    progress: 100,
  });
  const results = await database.db.select().from(generatorResults).where(eq(generatorResults.generator_id, run.id));
  expect(results.map((result) => result.number).sort()).toEqual(run.numbers);
  expect(
    results
      .filter((result) => result.exists)
      .map((result) => result.number)
      .sort(),
  ).toEqual(expected);
  // Each number answered once: a check the drop or a passing failure cut off was asked again, never counted.
  expect(run.driver.checksBy(run.clientid)).toBe(run.numbers.length);
}

describe('a connection that drops for longer than a housekeeping round', () => {
  it('mid-check: the job waits for its account, then resumes where it was, without an error', async () => {
    // The drop outlasts the check's own wait for the connection (60 s of 10 ms = 600 ms) and many
    // housekeeping rounds (100 ms), which stop the run because the account is not connected.
    const run = await generatorOn({
      simulator: { rates: QUIET_RATES, reconnectMs: 1000, delayMs: [80, 80] },
      secondMs: 10,
      renewMs: 100,
      size: 30,
      from: 628140000000,
    });
    let waits = 0;
    run.bus.subscribe(({ message }) => {
      // A check goes out a pause (10 ms) after its `waiting`, and is on the wire for 80 ms.
      if (
        message.event === 'waiting' &&
        'generatorId' in message.payload &&
        message.payload.generatorId === run.id &&
        ++waits === 6
      ) {
        setTimeout(() => run.driver.control(run.clientid, 'disconnect'), 40);
      }
    });
    await run.host.start();

    await until(async () => (await run.row()).state === 'reconnecting', 5000);
    const waiting = await run.row();
    expect(waiting).toMatchObject({ status: 'running', last_error: null });
    // Six checks were in before the drop (a slow machine may have let a seventh through).
    expect(done(waiting)).toBeGreaterThanOrEqual(6);
    await until(async () => (await run.row()).state === 'finished', 20_000);

    await expectExact(run);
    // A check met the drop and waited for the connection (announcing how long) until the run was stopped.
    expect(
      named(run, 'reconnecting').some(
        (message) => 'reconnectTime' in message.payload && message.payload.reconnectTime === 60,
      ),
    ).toBe(true);
    expect(named(run, 'error_generate')).toEqual([]);
    // Nothing says the job stopped: it was wanted all along.
    expect([...named(run, 'idle'), ...named(run, 'stop')]).toEqual([]);
    // The run after the drop begins as every run does, from the counts the database has.
    const resets = named(run, 'reset');
    expect(resets).toHaveLength(2);
    const events = run.events.map((message) => message.event);
    expect(events.lastIndexOf('reconnecting')).toBeLessThan(events.lastIndexOf('reset'));
    const synced = named(run, 'count_synced').at(-1)?.payload;
    expect((synced?.count_success ?? 0) + (synced?.count_fail ?? 0)).toBe(done(waiting));
  }, 30_000);

  it('during the pause between checks: it says it waits for the account, never that it is idle', async () => {
    const run = await generatorOn({
      simulator: { rates: QUIET_RATES, reconnectMs: 700 },
      secondMs: 400,
      renewMs: 100,
      size: 8,
      from: 628150000000,
    });
    let waits = 0;
    run.bus.subscribe(({ message }) => {
      if (
        message.event === 'waiting' &&
        'generatorId' in message.payload &&
        message.payload.generatorId === run.id &&
        ++waits === 3
      ) {
        setTimeout(() => run.driver.control(run.clientid, 'disconnect'), 10);
      }
    });
    await run.host.start();

    await until(async () => (await run.row()).state === 'reconnecting', 5000);
    expect(done(await run.row())).toBe(3);
    await until(async () => (await run.row()).state === 'finished', 20_000);

    await expectExact(run);
    expect(named(run, 'reconnecting')[0]?.payload).toMatchObject({ state: 'reconnecting', status: 'sending' });
    expect([...named(run, 'idle'), ...named(run, 'stop'), ...named(run, 'error_generate')]).toEqual([]);
  }, 30_000);
});

describe('checks that fail for a passing reason', () => {
  it("are retried with 'attempting {code}' and every number still counts once", async () => {
    const run = await generatorOn({
      simulator: { rates: { ...QUIET_RATES, transient: 0.2 } },
      secondMs: 1,
      renewMs: 600_000,
      size: 40,
      from: 628160000000,
    });
    await run.host.start();
    // Three failures of one check in a row stop the job at that number (docs/decisions.md): a user starts it
    // again, and it goes on from there.
    await until(async () => {
      const job = await run.row();
      if (job.state === 'error') {
        await database.db.update(generators).set({ status: 'running' }).where(eq(generators.id, run.id));
        await run.host.reconcile(run.clientid);
      }
      return job.state === 'finished';
    }, 20_000);

    await expectExact(run);
    const codes = named(run, 'attempting').map((message) => message.payload.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((code) => ['429', '408', '503'].includes(code ?? ''))).toBe(true);
    for (const failed of named(run, 'error_generate')) expect(failed.payload.sendError).toMatch(/^(429|408|503): /);
  }, 30_000);
});
