/** A job row as the lists show it (contract jobs.ts ZJobBase), with its account and owner read for a whole page at once. */

import type { ZJobBase } from '@sewablast/contract/jobs';
import { JOB_STATES, type TJobState, type TJobWhatsapp } from '@sewablast/contract/jobs';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { doneOf, type JobRow } from '../../rules/jobs/job-kinds.ts';
import { type MemberNames, memberNames } from '../users/names.ts';
import { accountLabelsOf } from '../whatsapp/accounts-read.ts';

export interface JobContext {
  accounts: Map<number, TJobWhatsapp>;
  names: MemberNames;
}

export async function jobContext(db: Db, rows: JobRow[]): Promise<JobContext> {
  const accountIds = [...new Set(rows.flatMap((row) => (row.whatsapp_id === null ? [] : [row.whatsapp_id])))];
  return {
    accounts: await accountLabelsOf(db, accountIds),
    names: await memberNames(
      db,
      rows.map((row) => row.user_id),
    ),
  };
}

const isState = (state: string): state is TJobState => (JOB_STATES as readonly string[]).includes(state);

export function presentJob(row: JobRow, total: number, context: JobContext): z.infer<typeof ZJobBase> {
  const account = row.whatsapp_id === null ? undefined : context.accounts.get(row.whatsapp_id);
  const name = context.names.get(row.user_id);
  return {
    id: row.id,
    user_id: row.user_id,
    whatsapp_id: account ? row.whatsapp_id : null,
    b_insert: row.b_insert ? 1 : 0,
    interval_min: row.interval_min,
    interval_max: row.interval_max,
    count_success: row.count_success,
    count_fail: row.count_fail,
    total,
    done: doneOf(row),
    progress: row.progress,
    // A job whose account was removed can run nowhere: it reads idle whatever it was meant to do.
    status: row.status === 'running' && account ? 'sending' : 'idle',
    state: isState(row.state) ? row.state : 'idle',
    last_error: row.last_error,
    createdAt: row.created_at.toISOString(),
    Whatsapp: account ?? null,
    User: { firstname: name?.firstname ?? '', lastname: name?.lastname ?? '' },
  };
}
