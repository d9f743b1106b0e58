/**
 * The loop base on a real database: rounds paced by a random whole number of seconds in [min, max] and
 * announced as `waiting`, a stop that cuts a pause short, the lease that keeps a loop to one worker, and the
 * wait for a dropped connection.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { whatsappAccounts } from '../src/db/schema.ts';
import {
  AccountLoop,
  type AccountRow,
  type LoopDeps,
  type Pace,
  type PaceEvent,
  type RoundEnd,
} from '../src/engine/loop.ts';
import type { WaSession } from '../src/wa/driver.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { aLinkedAccount, aUser } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'worker-under-test';

class CountingLoop extends AccountLoop {
  rounds = 0;
  resumed = 0;
  finished = 0;
  afterPauses = 0;
  readonly reconnects: boolean[] = [];
  readonly events: [PaceEvent, object][] = [];

  constructor(
    deps: LoopDeps,
    accountId: number,
    private readonly plan: { rounds: number; min: number; max: number; reconnect?: boolean; stopInRound?: boolean },
  ) {
    super(deps, accountId, 'counting');
  }

  protected async resume(): Promise<void> {
    this.resumed++;
  }

  protected async round(): Promise<RoundEnd> {
    this.rounds++;
    if (this.plan.reconnect) this.reconnects.push(await this.reconnected());
    if (this.plan.stopInRound) this.stop('shutdown');
    return this.rounds >= this.plan.rounds ? 'finish' : 'pause';
  }

  protected async interval(): Promise<{ min: number; max: number }> {
    return { min: this.plan.min, max: this.plan.max };
  }

  protected async finish(): Promise<void> {
    this.finished++;
  }

  protected async announce({ event, ...fields }: Pace): Promise<void> {
    this.events.push([event, fields]);
  }

  protected override async afterPause(): Promise<void> {
    this.afterPauses++;
  }

  waits(): unknown[] {
    return this.events
      .filter(([event]) => event === 'waiting')
      .map(([, fields]) => ('waitTime' in fields ? fields.waitTime : undefined));
  }
}

let database: Database;
let account: AccountRow;
let session: WaSession;

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await aUser(database.db);
  account = await aLinkedAccount(database.db, { userId: user.id, workerId: WORKER }, { clientid: 'loop-account' });
  session = await new SimulatorDriver({ seed: 1, scanMs: 60_000, delayMs: [1, 2], rates: RARE_FAULTS_OFF }).open({
    deviceId: 'loop-account',
    authState: { simulator: { phonenumber: '6281200000002', pushname: 'Loop' } },
  });
});
afterAll(async () => {
  await session.close();
  await database.close();
});

function depsWith(random: () => number, secondMs = 1): LoopDeps {
  return { db: database.db, workerId: WORKER, session: () => session, secondMs, random };
}

const setAccount = (values: Partial<AccountRow>) =>
  database.db.update(whatsappAccounts).set(values).where(eq(whatsappAccounts.id, account.id));

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the loop base', () => {
  it('resumes once, pauses a whole number of seconds in [min, max] between rounds, and finishes', async () => {
    const draws = [0, 0.999, 0.5];
    let next = 0;
    const loop = new CountingLoop(
      depsWith(() => draws[next++ % draws.length] ?? 0),
      account.id,
      {
        rounds: 4,
        min: 2,
        max: 4,
      },
    );
    await loop.done;
    expect([loop.resumed, loop.rounds, loop.finished]).toEqual([1, 4, 1]);
    expect(loop.waits()).toEqual([2, 4, 3]);
    expect(loop.afterPauses).toBe(3);
  });

  it('cuts a pause short on stop, and does not go on after it', async () => {
    const loop = new CountingLoop(depsWith(Math.random, 1000), account.id, { rounds: 100, min: 600, max: 600 });
    await until(() => loop.waits().length === 1);
    const stoppedAt = Date.now();
    loop.stop();
    await loop.done;
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    expect([loop.rounds, loop.finished, loop.afterPauses, loop.halted()]).toEqual([1, 1, 0, true]);
  });

  it('does not sleep the pause after a round a stop came in', async () => {
    const loop = new CountingLoop(depsWith(Math.random, 1000), account.id, {
      rounds: 100,
      min: 600,
      max: 600,
      stopInRound: true,
    });
    const startedAt = Date.now();
    await loop.done;
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect([loop.rounds, loop.finished, loop.afterPauses]).toEqual([1, 1, 0]);
  });

  it('ends without finishing once another worker holds the lease, and never starts on an account it does not hold', async () => {
    const loop = new CountingLoop(depsWith(Math.random, 1000), account.id, { rounds: 100, min: 600, max: 600 });
    await until(() => loop.waits().length === 1);
    await setAccount({ owner_id: 'another-worker' });
    loop.wake();
    await loop.done;
    expect([loop.rounds, loop.finished, loop.halted()]).toEqual([1, 0, false]);

    const other = new CountingLoop(depsWith(Math.random), account.id, { rounds: 1, min: 1, max: 1 });
    await other.done;
    expect([other.resumed, other.rounds, other.finished]).toEqual([0, 0, 0]);
    await setAccount({ owner_id: WORKER });
  });

  it('announces a reconnect and waits until the account reads connected again', async () => {
    await setAccount({ state: 'disconnected' });
    const loop = new CountingLoop(depsWith(Math.random, 100), account.id, {
      rounds: 1,
      min: 1,
      max: 1,
      reconnect: true,
    });
    await until(() => loop.events.length > 0);
    expect(loop.events).toEqual([['reconnecting', { reconnectTime: 60 }]]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loop.reconnects).toEqual([]);
    await setAccount({ state: 'connected' });
    await loop.done;
    expect(loop.reconnects).toEqual([true]);
  });
});
