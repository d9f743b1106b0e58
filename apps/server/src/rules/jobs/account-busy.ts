/**
 * One thing at a time on an account (DESIGN §5.6, §5.9): a blast, a generator or a validator. What the
 * account is busy with is read with its row locked, so that two starts at the same moment cannot both pass.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { JOB_KINDS, JOB_TABLES, type JobKind } from './job-kinds.ts';

export type Busy = { kind: 'blast' } | { kind: JobKind; id: number };

/** What the account runs, in the words of the 409. */
export function busyMessage(busy: Busy): string {
  if (busy.kind === 'blast') return JOB_TEXT.busyBlast;
  return busy.kind === 'generator' ? JOB_TEXT.busyGenerator(busy.id) : JOB_TEXT.busyValidator(busy.id);
}

/** What the account runs other than `except` (the blast or job being started), or null when it is free. */
export async function busyWith(db: Db | Tx, accountId: number, except?: Busy): Promise<Busy | null> {
  const [account] = await db
    .select({ blasting: whatsappAccounts.blasting })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId));
  if (account?.blasting && except?.kind !== 'blast') return { kind: 'blast' };
  for (const kind of JOB_KINDS) {
    const { jobs } = JOB_TABLES[kind];
    const [running] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.whatsapp_id, accountId),
          eq(jobs.status, 'running'),
          except && 'id' in except && except.kind === kind ? ne(jobs.id, except.id) : undefined,
        ),
      )
      .limit(1);
    if (running) return { kind, id: running.id };
  }
  return null;
}

/**
 * Runs `claim` with the account's row locked when the account is free, else answers what it is busy with.
 * `claim` writes the desired state (a job's `running`, an account's `blasting`) in the same transaction.
 */
export function claimAccount<T>(
  db: Db,
  accountId: number,
  except: Busy | undefined,
  claim: (tx: Tx) => Promise<T>,
): Promise<{ busy: Busy } | { claimed: T }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, accountId))
      .for('update');
    const busy = await busyWith(tx, accountId, except);
    return busy ? { busy } : { claimed: await claim(tx) };
  });
}
