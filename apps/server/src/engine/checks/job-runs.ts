/**
 * The generator and validator runs of the accounts a session host holds (DESIGN §8): the job row's `status`
 * is the desired state, and a run goes on the worker that holds its account's lease, like the account's
 * blast. Reconciling one account is queued behind the last, so that a stop and a start sent together
 * (from api processes, over Redis) end with exactly one run, or none.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { generators, validators, whatsappAccounts } from '../../db/schema.ts';
import type { JobKind, JobRow } from '../../rules/jobs/job-kinds.ts';
import type { WaSession } from '../../wa/driver.ts';
import { CAN_WORK, canWork } from '../account-works.ts';
import type { AccountRow } from '../loop.ts';
import type { CheckRun, CheckRunDeps } from './check-run.ts';
import { GeneratorRun } from './generator-run.ts';
import { ValidatorRun } from './validator-run.ts';

type Wanted = { kind: JobKind; id: number } | null;

export interface JobRunsDeps extends Omit<CheckRunDeps, 'session' | 'sessionOf'> {
  session: (clientid: string) => WaSession | undefined;
}

export class JobRuns {
  private readonly runs = new Map<string, CheckRun<JobRow>>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly deps: JobRunsDeps) {}

  /** The job the account should run: its generator or validator whose status is `running` (one at most). */
  private async wanted(accountId: number): Promise<Wanted> {
    const { db } = this.deps;
    for (const [kind, table] of [
      ['generator', generators],
      ['validator', validators],
    ] as const) {
      const [job] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.whatsapp_id, accountId), eq(table.status, 'running')))
        .orderBy(table.id)
        .limit(1);
      if (job) return { kind, id: job.id };
    }
    return null;
  }

  /** Starts or stops the account's run as its jobs now want; `held`: this process holds the session. */
  reconcile(clientid: string, account: AccountRow | undefined, held: boolean): Promise<void> {
    const next = (this.queues.get(clientid) ?? Promise.resolve())
      .then(() => this.apply(clientid, account, held))
      .finally(() => {
        if (this.queues.get(clientid) === next) this.queues.delete(clientid);
      });
    this.queues.set(clientid, next);
    return next;
  }

  private async apply(clientid: string, account: AccountRow | undefined, held: boolean): Promise<void> {
    const runnable = account && held && canWork(account) ? account : undefined;
    const wanted = runnable ? await this.wanted(runnable.id) : null;
    const running = this.runs.get(clientid);
    if (running && !running.halted() && wanted?.kind === running.kind && wanted.id === running.jobId) return;
    if (running) {
      // A job stopped, deleted or moved stops for good; an account that cannot check now only pauses it.
      if (runnable || !account) running.stop();
      else running.standBy(account.suspended ? 'suspended' : 'away');
      await running.done;
      if (this.runs.get(clientid) === running) this.runs.delete(clientid);
    }
    if (!runnable || !wanted) return;
    // With account safety on, a run's checks may go through any of the owner's accounts this process holds.
    const deps: CheckRunDeps = {
      ...this.deps,
      session: () => this.deps.session(clientid),
      sessionOf: (other) => this.deps.session(other),
    };
    const run =
      wanted.kind === 'generator'
        ? new GeneratorRun(deps, runnable.id, wanted.id)
        : new ValidatorRun(deps, runnable.id, wanted.id);
    this.runs.set(clientid, run);
    void run.done.then(() => {
      if (this.runs.get(clientid) === run) this.runs.delete(clientid);
    });
  }

  /**
   * The held accounts whose run is not what their rows want (a nudge that never came, a change made straight
   * in the database): one query for all of them.
   */
  async mismatched(clientids: string[]): Promise<string[]> {
    if (clientids.length === 0) return [];
    const rows = await this.deps.db
      .select({
        clientid: whatsappAccounts.clientid,
        generator: sql<number | null>`(select min(${generators.id}) from ${generators}
          where ${generators.whatsapp_id} = ${whatsappAccounts.id} and ${generators.status} = 'running')`,
        validator: sql<number | null>`(select min(${validators.id}) from ${validators}
          where ${validators.whatsapp_id} = ${whatsappAccounts.id} and ${validators.status} = 'running')`,
        runnable: CAN_WORK,
      })
      .from(whatsappAccounts)
      .where(inArray(whatsappAccounts.clientid, clientids));
    return rows
      .filter((row) => {
        const run = this.runs.get(row.clientid);
        const wanted: Wanted = !row.runnable
          ? null
          : row.generator !== null
            ? { kind: 'generator', id: Number(row.generator) }
            : row.validator !== null
              ? { kind: 'validator', id: Number(row.validator) }
              : null;
        return wanted === null ? run !== undefined : run?.kind !== wanted.kind || run.jobId !== wanted.id;
      })
      .map((row) => row.clientid);
  }

  /** The runs waiting for an account that may check (all, or `clientid`'s) look again now. */
  recheck(clientid?: string): void {
    if (clientid === undefined) for (const run of this.runs.values()) run.recheck();
    else this.runs.get(clientid)?.recheck();
  }

  /** The run on the account, if any, for the dev monitors. */
  runOf(clientid: string): { kind: JobKind; id: number } | null {
    const run = this.runs.get(clientid);
    return run ? { kind: run.kind, id: run.jobId } : null;
  }

  /** How many runs of each kind are going, for the dev monitors. */
  counts(): Record<JobKind, number> {
    const counts: Record<JobKind, number> = { generator: 0, validator: 0 };
    for (const run of this.runs.values()) counts[run.kind] += 1;
    return counts;
  }

  /** Ends every run for a shutdown: their jobs stay wanted, and resume after the restart or on another worker. */
  async stopAll(): Promise<void> {
    const runs = [...this.runs.values()];
    for (const run of runs) run.stop('shutdown');
    await Promise.all(runs.map((run) => run.done));
  }
}
