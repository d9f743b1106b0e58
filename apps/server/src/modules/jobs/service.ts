/**
 * What generators and validators share (spec part 2 §5-§7, DESIGN §5.9): staff and admins see and act on
 * their own jobs, devs on everyone's; the account a job uses is one of its owner's; start writes the desired
 * state with the account free of any other work and nudges the worker that holds the account, which runs it
 * (engine/checks/job-runs.ts); stop writes it back and nudges again.
 */

import { JOB_TEXT, type TJobFilter, type TJobResult, type ZJobPageQuery } from '@sewablast/contract/jobs';
import { ENGINE_TEXT } from '@sewablast/contract/whatsapp';
import { UNSENDABLE_STATES } from '@sewablast/contract/whatsapp-states';
import { and, asc, desc, eq, gt, notInArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { generators } from '../../db/schema.ts';
import type { Engine } from '../../engine/index.ts';
import { requireAccess, visibleRows } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, notFound, unavailable } from '../../lib/app-error.ts';
import { paged } from '../../lib/paging.ts';
import { claimAccount } from '../../rules/jobs/account-busy.ts';
import { JOB_TABLES, type JobKind, type JobRow } from '../../rules/jobs/job-kinds.ts';
import { accountById } from '../whatsapp/accounts-read.ts';
import { accountMatches, accountMatchReads } from '../whatsapp/search.ts';
import { busyRefusal, JobRefused } from './refusal.ts';

/** Jobs see everyone's rows only as devs (spec part 2 §6: "except dev"). */
export const JOB_MANAGERS = 'devOnly' as const;
const RESULT_BATCH = 5000;

export interface JobCoreDeps {
  db: Db;
  /** The sessions: this process's host, the workers over Redis, or null when there are none. */
  engine: Engine | null;
}

function statusFilter(table: typeof generators, status: TJobFilter | undefined): SQL | undefined {
  if (status === 'sending') return eq(table.status, 'running');
  if (status === 'idle') return and(eq(table.status, 'stopped'), notInArray(table.state, ['finished', 'error']));
  if (status === 'finished' || status === 'error') return eq(table.state, status);
  return undefined;
}

export function createJobCore<Row extends JobRow>(kind: JobKind, notFoundText: string, { db, engine }: JobCoreDeps) {
  // Both tables have the runner's columns under the same names: the shared work reads them through one type.
  const table = JOB_TABLES[kind].jobs as unknown as typeof generators;
  const { results, jobColumn } = JOB_TABLES[kind];

  async function find(id: number): Promise<Row | undefined> {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row as Row | undefined;
  }

  /** The job, if the actor may act on it: their own, or anyone's for a dev. */
  async function mustSee(actor: Actor, id: number): Promise<Row> {
    const row = await find(id);
    if (!row) throw notFound(notFoundText);
    requireAccess(actor, { owner: row.user_id, managedBy: JOB_MANAGERS });
    return row;
  }

  /** The owner's account a job may use: a field error on `whatsapp_id` when it is not theirs. */
  async function ownersAccount(ownerId: number, whatsappId: number): Promise<void> {
    const account = await accountById(db, whatsappId);
    if (account?.user_id !== ownerId)
      throw badRequest(JOB_TEXT.whatsappNotYours, { whatsapp_id: JOB_TEXT.whatsappNotYours });
  }

  /** The account a job now uses, with its client id for the nudge. */
  function accountOf(job: Row) {
    return job.whatsapp_id === null ? undefined : accountById(db, job.whatsapp_id);
  }

  async function nudge(clientid: string | undefined): Promise<void> {
    if (clientid) await engine?.reconcile(clientid);
  }

  async function setStatus(id: number, values: Partial<JobRow>): Promise<Row> {
    const [row] = await db.update(table).set(values).where(eq(table.id, id)).returning();
    if (!row) throw notFound(notFoundText);
    return row as Row;
  }

  return {
    find,
    mustSee,
    ownersAccount,

    /** A page of jobs, newest first: the actor's own, or for a dev anyone's (`user_id` narrows it). */
    async page<Item>(actor: Actor, query: z.output<typeof ZJobPageQuery>, present: (rows: Row[]) => Promise<Item[]>) {
      const where = and(
        visibleRows(actor, table.user_id, query.user_id, JOB_MANAGERS),
        statusFilter(table, query.status),
        accountMatches(table.whatsapp_id, query.search),
      );
      const source = {
        table,
        where,
        orderBy: [desc(table.created_at), desc(table.id)],
        keyset: { columns: [table.created_at, table.id], desc: true },
        // The search reads the accounts, whose every send changes them: such a page is read by OFFSET.
        reads: accountMatchReads(query.search),
      };
      return paged(db, query, source, (rows) => present(rows as Row[]));
    },

    /** Edits wait for a stop: a running job's account or pace does not change under it. */
    requireStopped(job: Row): void {
      if (job.status === 'running') throw new JobRefused('conflict', JOB_TEXT.runningEdit, 'running');
    },

    async start(actor: Actor, id: number): Promise<Row> {
      const job = await mustSee(actor, id);
      if (job.state === 'finished') throw new JobRefused('conflict', JOB_TEXT.alreadyFinished, 'finished');
      const account = await accountOf(job);
      if (!account) throw conflict(JOB_TEXT.whatsappGone);
      if (account.suspended) throw conflict(JOB_TEXT.suspended);
      if (!account.phonenumber || (UNSENDABLE_STATES as readonly string[]).includes(account.state)) {
        throw new JobRefused('forbidden', JOB_TEXT.disconnected, 'disconnected');
      }
      if (!engine) throw unavailable(ENGINE_TEXT.noEngine);
      const outcome = await claimAccount(db, account.id, { kind, id }, async (tx) => {
        const [row] = await tx
          .update(table)
          .set({ status: 'running', ...(job.status === 'running' ? {} : { state: 'idle', last_error: null }) })
          .where(eq(table.id, id))
          .returning();
        return row as Row | undefined;
      });
      if ('busy' in outcome) throw busyRefusal(outcome.busy);
      if (!outcome.claimed) throw notFound(notFoundText);
      await nudge(account.clientid);
      return outcome.claimed;
    },

    /** Writes the stop and, where this process runs the job, waits until it has recorded its last check. */
    async stop(actor: Actor, id: number): Promise<Row> {
      const job = await mustSee(actor, id);
      // A job waiting for its account has no run to end it and say so: the stop does.
      const row = await setStatus(id, {
        status: 'stopped',
        ...(job.state === 'reconnecting' ? { state: 'idle' } : {}),
      });
      await nudge((await accountOf(job))?.clientid);
      return (await find(id)) ?? row;
    },

    /** Stops the job, then removes it with its results. */
    async remove(actor: Actor, id: number): Promise<Row> {
      const job = await mustSee(actor, id);
      if (job.status === 'running') {
        await setStatus(id, { status: 'stopped' });
        await nudge((await accountOf(job))?.clientid);
      }
      await db.delete(table).where(eq(table.id, id));
      return job;
    },

    /**
     * The hits of job `id` (already seen by the caller) in batches, read so that a million rows never sit in
     * memory.
     */
    async *results(id: number): AsyncGenerator<TJobResult[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .select({ id: results.id, number: results.number, name: results.name })
          .from(results)
          .where(and(eq(jobColumn, id), eq(results.exists, true), gt(results.id, after)))
          .orderBy(asc(results.id))
          .limit(RESULT_BATCH);
        if (rows.length === 0) return;
        yield rows.map((row) => ({ number: row.number, name: row.name, status: 'active' as const }));
        after = rows.at(-1)?.id ?? after;
        if (rows.length < RESULT_BATCH) return;
      }
    },
  };
}

export type JobCore<Row extends JobRow> = ReturnType<typeof createJobCore<Row>>;
