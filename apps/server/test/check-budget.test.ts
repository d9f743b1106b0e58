/**
 * Number checks on a budget, on a clock the test moves: a generator spreads its checks over its owner's
 * warmed-up accounts, none beyond `lookups_per_hour` in any hour, never through one in warm-up; when every
 * budget is spent the job says 'quota' (its row and a `waiting` event), keeps that across a restart, and goes
 * on by itself once the hour has passed; two jobs sharing the accounts together keep to the budget, and so
 * do many takes of one account's slots at once; a validator keeps to it too; a check answered 429 cools its
 * account down rather than ending the job; with no account that may check the job says so; with account
 * safety off nothing is budgeted.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { files, generators, numberChecks, settings, validators, whatsappAccounts } from '../src/db/schema.ts';
import { takeSlot } from '../src/engine/checks/check-budget.ts';
import { NO_CHECKER_RECHECK_S } from '../src/engine/checks/check-wait.ts';
import { GeneratorRun } from '../src/engine/checks/generator-run.ts';
import { ValidatorRun } from '../src/engine/checks/validator-run.ts';
import type { AccountRow } from '../src/engine/loop.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { accountEventsSince } from '../src/rules/safety/account-events.ts';
import { SendError, type WaSession } from '../src/wa/driver.ts';
import { aLinkedAccount, aUser, type JobPublished, jobFieldsOf } from './factories.ts';
import { createTestDatabase } from './harness.ts';
import { wib } from './safety-fixtures.ts';

const WORKER = 'budget-worker';
const BUDGET = 3;
let database: Database;
let accounts = 0;

/** Every check of the test, by the account whose session asked it. */
const checks: { clientid: string; number: string }[] = [];
const sessions = new Map<string, WaSession>();

function checkingSession(clientid: string): WaSession {
  return {
    deviceId: clientid,
    subscribe: () => () => {},
    sendMessage: async () => ({ id: 'unused' }),
    async checkNumber(number) {
      checks.push({ clientid, number });
      return { exists: Number(number) % 2 === 0, name: null };
    },
    logout: async () => {},
    close: async () => {},
  };
}

const addUser = async () => (await aUser(database.db, { firstname: 'Cek', lastname: 'Nomor' })).id;

/** A connected account this worker holds, not blasting; warmed up unless told otherwise. */
async function addAccount(userId: number, name: string, values: Partial<AccountRow> = {}) {
  const account = await aLinkedAccount(
    database.db,
    { userId, workerId: WORKER },
    {
      phonenumber: `62811${String(++accounts).padStart(6, '0')}`,
      blasting: false,
      interval_min: null,
      interval_max: null,
      last_sent_at: wib('2026-11-25T19:00:00'),
      warmup_started_on: '2026-10-01',
      ...values,
      clientid: name,
    },
  );
  sessions.set(name, checkingSession(name));
  return account;
}

async function addGenerator(userId: number, accountId: number, start: string, count: number) {
  const [job] = await database.db
    .insert(generators)
    .values({
      user_id: userId,
      whatsapp_id: accountId,
      start_number: start,
      end_number: String(Number(start) + count - 1),
      interval_min: 1,
      interval_max: 1,
      status: 'running',
    })
    .returning();
  if (!job) throw new Error('no generator');
  return job;
}

/** A run of generator (or validator) `jobId` on `accountId`, on the test's clock. */
function run(
  accountId: number,
  clientid: string,
  jobId: number,
  clock: { now: Date },
  enforce = true,
  Run: typeof GeneratorRun | typeof ValidatorRun = GeneratorRun,
) {
  const events: JobPublished[] = [];
  const loop = new Run(
    {
      db: database.db,
      workerId: WORKER,
      session: () => sessions.get(clientid),
      sessionOf: (other) => sessions.get(other),
      secondMs: 1,
      random: () => 0,
      files: createFileStore(database.db),
      publish: async (_account, job, event, extra) => {
        events.push([event, { ...job, ...extra }] as JobPublished);
      },
      safety: { timeZone: 'Asia/Jakarta', enforce },
      now: () => clock.now,
    },
    accountId,
    jobId,
  );
  const lastWait = () => jobFieldsOf(events, 'waiting').at(-1);
  return { loop, events, lastWait };
}

const job = async (id: number) => (await database.db.select().from(generators).where(eq(generators.id, id)))[0];
const checksOf = (clientid: string) => checks.filter((check) => check.clientid === clientid).length;

/** The most checks any one account made within any 60 minutes, from the slots recorded. */
async function mostInAnHour(ids: number[]): Promise<number> {
  const result = (await database.db.execute(sql`
    select coalesce(max((select count(*) from ${numberChecks} b where b.whatsapp_id = a.whatsapp_id
      and b.checked_at >= a.checked_at and b.checked_at < a.checked_at + interval '1 hour')), 0)::int as most
    from ${numberChecks} a where a.whatsapp_id = any(${sql.param(ids)}::int[])`)) as unknown as {
    rows: { most: number }[];
  };
  return result.rows[0]?.most ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, warmup_days: 3, lookups_per_hour: BUDGET });
});
afterAll(() => database.close());

describe('a generator under the check budget', () => {
  it('spreads its checks over warmed-up accounts, waits for budget, keeps it across a restart, and resumes', async () => {
    const owner = await addUser();
    const own = await addAccount(owner, 'budget-own');
    const other = await addAccount(owner, 'budget-other');
    const fresh = await addAccount(owner, 'budget-fresh', { last_sent_at: null, warmup_started_on: null });
    const limited = await addAccount(owner, 'budget-limited', { limited_until: wib('2026-11-27T00:00:00') });
    // Another owner's account is never borrowed.
    await addAccount(await addUser(), 'budget-stranger');
    const generator = await addGenerator(owner, own.id, '628130000000', 10);
    const clock = { now: wib('2026-11-26T10:00:00') };

    const first = run(own.id, own.clientid, generator.id, clock);
    await expect.poll(() => first.lastWait()).toMatchObject({ state: 'quota' });
    expect(checksOf('budget-own')).toBe(BUDGET);
    expect(checksOf('budget-other')).toBe(BUDGET);
    for (const idle of ['budget-fresh', 'budget-limited', 'budget-stranger']) expect(checksOf(idle)).toBe(0);
    expect(first.lastWait()).toMatchObject({
      status: 'sending',
      resume_at: wib('2026-11-26T11:00:00').toISOString(),
      waitTime: 3600,
    });
    expect(await job(generator.id)).toMatchObject({ state: 'quota', status: 'running', count_success: 3 });

    // Half an hour on: still no slot, and no check.
    clock.now = wib('2026-11-26T10:30:00');
    first.loop.wake();
    await expect.poll(() => first.lastWait()?.waitTime).toBe(1800);
    expect(checks).toHaveLength(2 * BUDGET);

    // A restart reads the hour's checks back: the new run waits at once.
    first.loop.stop('shutdown');
    await first.loop.done;
    const second = run(own.id, own.clientid, generator.id, clock);
    await expect.poll(() => second.lastWait()).toMatchObject({ state: 'quota' });
    expect(checks).toHaveLength(2 * BUDGET);

    // The hour is over: the job says it checks again and finishes by itself.
    clock.now = wib('2026-11-26T11:00:01');
    second.loop.wake();
    await second.loop.done;
    const lastQuota = second.events.findLastIndex(
      ([event, extra]) => event === 'waiting' && 'state' in extra && extra.state === 'quota',
    );
    expect(second.events[lastQuota + 1]).toEqual([
      'generating',
      { generatorId: generator.id, status: 'sending', state: 'running' },
    ]);
    expect(second.events.at(-1)?.[0]).toBe('finished');
    expect(await job(generator.id)).toMatchObject({ state: 'finished', count_success: 5, count_fail: 5 });
    expect(checks).toHaveLength(10);
    expect(new Set(checks.map((check) => check.number)).size).toBe(10);
    expect(checksOf('budget-fresh') + checksOf('budget-limited')).toBe(0);
    expect(await mostInAnHour([own.id, other.id, fresh.id, limited.id])).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps two jobs sharing the accounts within the budget together', async () => {
    checks.length = 0;
    const owner = await addUser();
    const a = await addAccount(owner, 'budget-pair-a');
    const b = await addAccount(owner, 'budget-pair-b');
    const clock = { now: wib('2026-11-26T14:00:00') };
    const one = run(a.id, a.clientid, (await addGenerator(owner, a.id, '628140000000', 20)).id, clock);
    const two = run(b.id, b.clientid, (await addGenerator(owner, b.id, '628150000000', 20)).id, clock);
    await expect.poll(() => one.lastWait()).toMatchObject({ state: 'quota' });
    await expect.poll(() => two.lastWait()).toMatchObject({ state: 'quota' });
    expect(checks).toHaveLength(2 * BUDGET);
    expect(checksOf('budget-pair-a')).toBe(BUDGET);
    expect(checksOf('budget-pair-b')).toBe(BUDGET);
    for (const { loop } of [one, two]) loop.stop();
    await Promise.all([one.loop.done, two.loop.done]);
  });

  it('gives out exactly the budget’s slots when many runs ask for one account’s at once', async () => {
    const account = await addAccount(await addUser(), 'budget-race');
    const now = wib('2026-11-26T16:00:00');
    const taken = await Promise.all(Array.from({ length: 20 }, () => takeSlot(database.db, account.id, BUDGET, now)));
    expect(taken.filter(Boolean)).toHaveLength(BUDGET);
    // The hour rolls: a slot frees an hour after the check that took it, not at the next clock hour.
    expect(await takeSlot(database.db, account.id, BUDGET, wib('2026-11-26T16:59:59'))).toBe(false);
    expect(await takeSlot(database.db, account.id, BUDGET, wib('2026-11-26T17:00:01'))).toBe(true);
  });

  it('holds a validator to the same budget', async () => {
    checks.length = 0;
    const owner = await addUser();
    const account = await addAccount(owner, 'budget-validator');
    const numbers = Array.from({ length: 5 }, (_, i) => `6281900000${String(i).padStart(2, '0')}`);
    const [file] = await database.db
      .insert(files)
      .values({ name: 'numbers.csv', mime: 'text/csv', size: 0, complete: false })
      .returning();
    if (!file) throw new Error('no file');
    const csv = Buffer.from(`number\n${numbers.join('\n')}\n`);
    const stored = await createFileStore(database.db).put(
      file.id,
      (async function* () {
        yield csv;
      })(),
    );
    await database.db.update(files).set({ size: stored.size, complete: true }).where(eq(files.id, file.id));
    const [validator] = await database.db
      .insert(validators)
      .values({ user_id: owner, whatsapp_id: account.id, file_id: file.id, total: 5, status: 'running' })
      .returning();
    if (!validator) throw new Error('no validator');
    const clock = { now: wib('2026-11-26T10:00:00') };
    const { loop, lastWait } = run(account.id, account.clientid, validator.id, clock, true, ValidatorRun);
    await expect.poll(() => lastWait()).toMatchObject({ state: 'quota' });
    expect(checks.map((check) => check.number)).toEqual(numbers.slice(0, BUDGET));
    const [row] = await database.db.select().from(validators).where(eq(validators.id, validator.id));
    expect(row).toMatchObject({ state: 'quota', cursor: BUDGET });
    loop.stop();
    await loop.done;
  });

  it('cools down an account whose check WhatsApp answered 429, and goes on through the others', async () => {
    checks.length = 0;
    const owner = await addUser();
    const limitedOne = await addAccount(owner, 'budget-429');
    const calm = await addAccount(owner, 'budget-calm');
    sessions.set(limitedOne.clientid, {
      ...checkingSession(limitedOne.clientid),
      async checkNumber(number) {
        checks.push({ clientid: limitedOne.clientid, number });
        throw new SendError('transient', '429', 'rate-overlimit');
      },
    });
    const generator = await addGenerator(owner, limitedOne.id, '628180000000', 10);
    const clock = { now: wib('2026-11-26T10:00:00') };
    const { loop, lastWait } = run(limitedOne.id, limitedOne.clientid, generator.id, clock);
    await expect.poll(() => lastWait()).toMatchObject({ state: 'quota' });
    // One question, not retried at once: retrying is what WhatsApp limits an account for.
    expect(checksOf('budget-429')).toBe(1);
    expect(checksOf(calm.clientid)).toBe(BUDGET);
    const [cooled] = await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, limitedOne.id));
    expect(cooled?.limited_until).toEqual(wib('2026-11-26T10:01:00'));
    expect(await job(generator.id)).toMatchObject({ state: 'quota', status: 'running', count_success: 2 });
    // In the account's event log, so that its health and a second 429 in a row (a longer cool-down) know of it.
    const logged = await accountEventsSince(database.db, limitedOne.id, new Date(0));
    expect(logged.map((event) => [event.kind, event.code, event.detail])).toEqual([
      ['restricted', '429', { until: wib('2026-11-26T10:01:00').toISOString(), in_a_row: 1, check: true }],
    ]);
    loop.stop();
    await loop.done;
  });

  it('says so when none of the owner’s accounts may check, and checks once one may', async () => {
    checks.length = 0;
    const owner = await addUser();
    const warming = await addAccount(owner, 'budget-warming', { last_sent_at: null, warmup_started_on: null });
    const generator = await addGenerator(owner, warming.id, '628160000000', 2);
    const clock = { now: wib('2026-11-26T10:00:00') };
    const { loop, lastWait } = run(warming.id, warming.clientid, generator.id, clock);
    await expect.poll(() => lastWait()).toMatchObject({ state: 'no_checker' });
    // Looked at again within seconds, not minutes: its cause is often an account reconnecting.
    expect(lastWait()).toMatchObject({ resume_at: null, status: 'sending', waitTime: NO_CHECKER_RECHECK_S });
    expect(await job(generator.id)).toMatchObject({ state: 'no_checker' });
    expect(checks).toHaveLength(0);

    await database.db
      .update(whatsappAccounts)
      .set({ last_sent_at: wib('2026-11-26T09:00:00'), warmup_started_on: '2026-10-01' })
      .where(eq(whatsappAccounts.id, warming.id));
    loop.wake();
    await loop.done;
    expect(await job(generator.id)).toMatchObject({ state: 'finished' });
    expect(checks).toHaveLength(2);
  });

  it('is not kept with account safety off: the job’s own account checks, warm-up or not', async () => {
    checks.length = 0;
    const owner = await addUser();
    const warming = await addAccount(owner, 'budget-off', { last_sent_at: null, warmup_started_on: null });
    const generator = await addGenerator(owner, warming.id, '628170000000', BUDGET + 2);
    const { loop } = run(warming.id, warming.clientid, generator.id, { now: wib('2026-11-26T10:00:00') }, false);
    await loop.done;
    expect(await job(generator.id)).toMatchObject({ state: 'finished' });
    expect(checksOf('budget-off')).toBe(BUDGET + 2);
    const slots = await database.db.select().from(numberChecks).where(eq(numberChecks.whatsapp_id, warming.id));
    expect(slots).toEqual([]);
  });
});
