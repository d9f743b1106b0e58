/**
 * Refusals of a job's start or edit that the dashboard tells apart by `code` (contract jobs.ts
 * JOB_REFUSALS): the 'Forbidden' dialog for a disconnected account, the busy account, the running job.
 * The answer (`TJobRefusal`) also repeats `msg` as `error`, which the spec's client shows.
 */
import type { TJobRefusalCode } from '@sewablast/contract/jobs';
import { AppError } from '../../lib/app-error.ts';
import { type Busy, busyMessage } from '../../rules/jobs/account-busy.ts';

export class JobRefused extends AppError {
  constructor(code: 'forbidden' | 'conflict', message: string, refusal: TJobRefusalCode) {
    super(code, message, undefined, { fields: { error: message, code: refusal } });
  }
}

export const busyRefusal = (busy: Busy) => new JobRefused('conflict', busyMessage(busy), 'busy');
