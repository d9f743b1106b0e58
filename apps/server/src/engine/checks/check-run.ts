/**
 * A generator's or validator's run on its account (DESIGN §5.9): each round checks ONE number through the
 * session under the engine's retry rule, then records the answer, the job's counts and its position in one
 * transaction that only goes through if the job is still where the round read it. A crash between two
 * statements therefore can never count a number twice, and a round whose job moved on (another worker's
 * run after a lease takeover, a delete) records nothing. Pacing, stopping, retries and the lease are the
 * loop base's (loop.ts): a run lives on the worker that holds its account. With account safety on, each check
 * goes through whichever of the owner's accounts may check and has budget left (check-budget.ts); when none
 * has, the job waits, saying so, and goes on by itself.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TJobExtras } from '@sewablast/contract/live';
import { and, eq, sql } from 'drizzle-orm';
import { whatsappAccounts } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { PublishJobEvent } from '../../live/account-event.ts';
import { doneOf, JOB_EVENTS, JOB_TABLES, type JobKind, type JobRow, jobRef } from '../../rules/jobs/job-kinds.ts';
import type { WaSession } from '../../wa/driver.ts';
import { heldBy } from '../leases.ts';
import { AccountLoop, type AccountRow, type LoopDeps, type Pace, type RoundEnd } from '../loop.ts';
import { withRetries } from '../retry.ts';
import { BUDGET_SPENT, budgetedChecker, type Checker } from './check-budget.ts';
import { recordCheck } from './check-record.ts';
import { BudgetWait } from './check-wait.ts';

export interface CheckRunDeps extends LoopDeps {
  /** Where a validator's uploaded file is read from. */
  files: FileStore;
  publish: PublishJobEvent;
  /** BUSINESS_TZ, and whether checks spend the accounts' hourly budgets (ACCOUNT_SAFETY); left out, they do not. */
  safety?: { timeZone: string; enforce: boolean };
  /** The session of any account this process holds: a check may go through another of the owner's accounts. */
  sessionOf?: (clientid: string) => WaSession | undefined;
  /** The clock the budget reads (tests move it). */
  now?: () => Date;
}

/** The job cannot go on (its file is gone): it stops with this message, as a check that failed for good. */
export class RunFailure extends Error {}

/** Where a job's events show it is: a generator's current number; a validator shows none. */
export type JobPosition = { current_number: string | null } | Record<never, never>;

type Checked = Awaited<ReturnType<WaSession['checkNumber']>>;

/**
 * Why a run was stopped from outside other than a user's stop: its account cannot check now. `away`: the
 * connection is down (or the session is gone) for longer than a housekeeping round; `suspended`: banned.
 */
export type StandBy = 'away' | 'suspended';

const roundedProgress = (done: number, total: number) =>
  total <= 0 ? 100 : Math.min(100, Math.round((done / total) * 10_000) / 100);

export abstract class CheckRun<Row extends JobRow> extends AccountLoop {
  /** The account as last read: events carry it as their sender. */
  private account_: AccountRow | undefined;
  /** The job as the last round read it. */
  private paced: Row | undefined;
  /** Set when the run was stopped because of its account rather than by a stop of the job. */
  private standingBy: StandBy | null = null;
  /** What the job says while no account may check. */
  private readonly budgetWait = new BudgetWait({
    setState: async (state) => (await this.setJob({ state })) !== undefined,
    send: (event, extra) => this.send(event, extra),
    running: () => JOB_EVENTS[this.kind].running,
    sleep: (seconds) => this.sleep(seconds),
    wake: () => this.wake(),
    now: () => this.now(),
  });

  constructor(
    protected override readonly deps: CheckRunDeps,
    accountId: number,
    readonly kind: JobKind,
    readonly jobId: number,
  ) {
    super(deps, accountId, `${kind} ${jobId}`);
  }

  /** Numbers the job checks in all. */
  protected abstract total(job: Row): number;
  /** The number to check once `done` are checked, or null when none is left. */
  protected abstract numberAt(job: Row, done: number): Promise<string | null>;
  /** The job's position once `number`, its `done`-th, is checked (current_number or cursor). */
  protected abstract position(number: string, done: number): Record<string, unknown>;
  /** What the row says once every number is checked. */
  protected abstract finishedPosition(): Record<string, unknown>;
  /** The job's position as events show it. */
  protected abstract shownPosition(job: Row): JobPosition;

  private get table() {
    return JOB_TABLES[this.kind];
  }

  /**
   * Ends the run because its account cannot check now: the job stays wanted and, once the account is
   * connected again, its next run resumes where this one stopped; a ban ends the job as a failed check does.
   */
  standBy(why: StandBy): void {
    this.standingBy = why;
    this.stop();
  }

  /** A wait for an account that may check looks again now (settings or terms changed). */
  recheck(): void {
    this.budgetWait.recheck();
  }

  protected async job(): Promise<Row | undefined> {
    const { jobs } = this.table;
    const [row] = await this.deps.db.select().from(jobs).where(eq(jobs.id, this.jobId));
    return row as Row | undefined;
  }

  private async setJob(values: Record<string, unknown>): Promise<Row | undefined> {
    const { jobs } = this.table;
    const [row] = await this.deps.db.update(jobs).set(values).where(eq(jobs.id, this.jobId)).returning();
    return row as Row | undefined;
  }

  /** Every event names the job, to the owner's channel and `client-admin` (the account's owner is the job's). */
  protected async send<E extends keyof TJobExtras>(event: E, extra: TJobExtras[E]): Promise<void> {
    const account = this.account_ ?? (await this.account());
    if (account) await this.deps.publish(account, jobRef(this.kind, this.jobId), event, extra);
  }

  protected async announce({ event, ...fields }: Pace): Promise<void> {
    await this.send(event, fields);
  }

  private progressOf(job: Row): TJobExtras['progressing'] {
    const done = doneOf(job);
    const target = this.total(job);
    return { value: done, target, progress: roundedProgress(done, target), ...this.shownPosition(job) };
  }

  private wanted(job: Row | undefined): job is Row {
    return job?.status === 'running' && job.whatsapp_id === this.accountId;
  }

  protected async resume(account: AccountRow): Promise<void> {
    this.account_ = account;
    const job = await this.job();
    if (!this.wanted(job)) return;
    const running = await this.setJob({ state: 'running', last_error: null });
    if (!running) return;
    // A (re)start, perhaps after a crash or on another worker: screens drop what an earlier run left showing
    // (a countdown, an attempt), take the counts as the database has them, then the target.
    await this.send('reset', { state: 'running' });
    await this.send('count_synced', { count_success: running.count_success, count_fail: running.count_fail });
    await this.send(JOB_EVENTS[this.kind].running, { status: 'sending', state: 'running' });
    await this.send('update_target', { target: this.total(running) });
    await this.send('progressing', this.progressOf(running));
  }

  /** The pace of the job as its round read it: a running job's settings cannot change (edits wait for a stop). */
  protected async interval(): Promise<{ min: number; max: number }> {
    const min = this.paced?.interval_min ?? 1;
    return { min, max: Math.max(min, this.paced?.interval_max ?? min) };
  }

  protected async round(account: AccountRow): Promise<RoundEnd> {
    this.account_ = account;
    const job = await this.job();
    if (!this.wanted(job)) return 'finish';
    this.paced = job;
    const done = doneOf(job);
    let number: string | null;
    try {
      number = await this.numberAt(job, done);
    } catch (error) {
      if (error instanceof RunFailure) return this.fail(error.message);
      throw error;
    }
    if (number === null) return this.complete();

    const checker = await this.checker(job);
    if (!checker) return 'next';
    const outcome = await withRetries(checker.pace, checker.ask(number), { coolOn429: checker.coolDown !== undefined });
    // A check cut short by a stop (a wait for the connection that a stop ended) answered nothing: the job is
    // not failed for it, and its next run asks that number again.
    if (outcome.status === 'stopped' || (outcome.status === 'fail' && this.halted())) return 'finish';
    // Another run took the account's last slot since this round chose it: the next round chooses again.
    if (outcome.status === 'restricted' && outcome.code === BUDGET_SPENT) return 'next';
    // A restricted checker cools down, and the next round goes through another or waits: the job goes on.
    if (outcome.status === 'restricted' && checker.coolDown) {
      await checker.coolDown(outcome);
      return 'next';
    }
    if (outcome.status !== 'success') return this.fail(outcome.error);

    const recorded = await this.record(job, number, done, outcome.value);
    // The job moved on without this round (deleted, or run elsewhere after a takeover): nothing counted here.
    if (!recorded) return 'finish';
    const { exists, name } = outcome.value;
    if (exists) {
      await this.send('count_success', {
        count_success: recorded.count_success,
        number,
        name: name ?? '',
        status: 'sending',
      });
    } else {
      await this.send('count_fail', { count_fail: recorded.count_fail, number, status: 'sending' });
    }
    await this.send('progressing', this.progressOf(recorded));
    if (doneOf(recorded) >= this.total(recorded)) return this.complete();
    return this.halted() ? 'finish' : 'pause';
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Who checks this round (check-budget.ts), or null after waiting toward the time one may, when none may: with
   * account safety off, the job's own account, unbudgeted.
   */
  private async checker(job: Row): Promise<Checker | null> {
    const { safety, sessionOf } = this.deps;
    if (!safety?.enforce || !sessionOf)
      return { pace: this, ask: (number) => (session) => session.checkNumber(number) };
    const owner = { user_id: job.user_id, whatsapp_id: this.accountId };
    return this.budgetWait.checker(() =>
      budgetedChecker({ ...this.deps, ...safety, sessionOf, now: () => this.now() }, this, owner),
    );
  }

  /** The answer, the counts and the position at once, unless another run recorded first (check-record.ts). */
  private record(job: Row, number: string, done: number, checked: Checked): Promise<Row | null> {
    const position = { ...this.position(number, done), progress: roundedProgress(done + 1, this.total(job)) };
    return recordCheck(this.deps.db, { kind: this.kind, jobId: this.jobId, b_insert: job.b_insert }, number, done, {
      checked,
      position,
    }) as Promise<Row | null>;
  }

  /** Every number is checked: the job stops by itself at 100 %. */
  private async complete(): Promise<RoundEnd> {
    const row = await this.setJob({ status: 'stopped', state: 'finished', progress: 100, ...this.finishedPosition() });
    if (row) {
      await this.send('finished', {
        state: 'finished',
        status: 'idle',
        progress: 100,
        count_success: row.count_success,
        count_fail: row.count_fail,
        ...this.shownPosition(row),
      });
    }
    return 'ended';
  }

  /**
   * A check that failed for good (retries spent, the connection not back, a ban): the job stops with why,
   * at the number it could not check, which the next start checks again.
   */
  private async fail(error: string): Promise<RoundEnd> {
    const row = await this.setJob({ status: 'stopped', state: 'error', last_error: error.slice(0, 500) });
    if (row) await this.send(JOB_EVENTS[this.kind].error, { state: 'error', status: 'idle', sendError: error });
    return 'ended';
  }

  /**
   * A stop leaves the job where it is; a shutdown leaves it wanted, for the restart or another worker; so
   * does an account gone away, and the job says it waits for it.
   */
  protected async finish(): Promise<void> {
    if (this.shuttingDown) return;
    const job = await this.job();
    if (!job || job.state === 'finished' || job.state === 'error') return;
    if (job.status === 'running' && this.standingBy === 'away') return this.awaitAccount();
    if (job.status === 'running' && this.standingBy === 'suspended') {
      await this.fail(JOB_TEXT.suspended);
      return;
    }
    const row = await this.setJob({ state: 'idle' });
    if (row) await this.send(row.status === 'running' ? 'idle' : 'stop', { state: 'idle', status: 'idle' });
  }

  /**
   * The job, still wanted, waits for its account: `reconnecting` until the account's next run. Written only
   * while this worker's lease holds the account, as another worker may run the job already.
   */
  private async awaitAccount(): Promise<void> {
    const { jobs } = this.table;
    const [row] = await this.deps.db
      .update(jobs)
      .set({ state: 'reconnecting' })
      .where(
        and(
          eq(jobs.id, this.jobId),
          eq(jobs.status, 'running'),
          sql`exists (select 1 from ${whatsappAccounts} where ${whatsappAccounts.id} = ${this.accountId} and ${heldBy(this.deps.workerId)})`,
        ),
      )
      .returning();
    if (row) await this.send('reconnecting', { state: 'reconnecting', status: 'sending' });
  }
}
