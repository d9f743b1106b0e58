/**
 * Refusals of a job's start or edit that the dashboard tells apart by `code` (contract jobs.ts
 * JOB_REFUSALS): the 'Forbidden' dialog for a disconnected account, the busy account, the running job.
 */
import type { TJobRefusal, TJobRefusalCode } from '@sewablast/contract/jobs';
import type { FastifyReply } from 'fastify';
import { type Busy, busyMessage } from '../../engine/index.ts';
import { AppError } from '../../lib/app-error.ts';

export class JobRefused extends AppError {
  constructor(
    status: 403 | 409,
    message: string,
    readonly code: TJobRefusalCode,
  ) {
    super(status, message);
  }
}

export const busyRefusal = (busy: Busy) => new JobRefused(409, busyMessage(busy), 'busy');

/** Answers a refusal with its code (and `error`, which the spec's client shows); anything else goes on up. */
export async function withRefusals<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof JobRefused)) throw error;
    const body: TJobRefusal = { msg: error.message, error: error.message, code: error.code };
    return reply.code(error.status).send(body);
  }
}
