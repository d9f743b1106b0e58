/**
 * A check's answer, its job's counts and position in one transaction that only goes through if the job is
 * still where the round read it (`done` checks counted): if another run recorded first, or the job is gone,
 * nothing is written and null is answered, so that a crash or a takeover never counts a number twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';
import { JOB_TABLES, type JobKind, type JobRow } from '../../rules/jobs/job-kinds.ts';
import type { WaSession } from '../../wa/driver.ts';

export async function recordCheck(
  db: Db,
  job: { kind: JobKind; jobId: number; b_insert: boolean },
  number: string,
  done: number,
  { checked, position }: { checked: Awaited<ReturnType<WaSession['checkNumber']>>; position: Record<string, unknown> },
): Promise<JobRow | null> {
  const { jobs, results, jobColumn } = JOB_TABLES[job.kind];
  // A WhatsApp profile name is whatever its owner typed; the columns hold 200 characters.
  const name = (checked.name ?? '').slice(0, 200);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(jobs)
      .set({
        ...(checked.exists
          ? { count_success: sql`${jobs.count_success} + 1` }
          : { count_fail: sql`${jobs.count_fail} + 1` }),
        ...position,
      })
      .where(and(eq(jobs.id, job.jobId), sql`${jobs.count_success} + ${jobs.count_fail} = ${done}`))
      .returning();
    if (!updated) return null;
    await tx
      .insert(results)
      .values({ [jobColumn.name]: job.jobId, number, name, exists: checked.exists } as never)
      .onConflictDoNothing();
    if (checked.exists && job.b_insert) {
      await tx
        .insert(phoneNumbers)
        .values({ number, name, source: job.kind })
        .onConflictDoNothing({ target: phoneNumbers.number });
    }
    return updated as JobRow;
  });
}
