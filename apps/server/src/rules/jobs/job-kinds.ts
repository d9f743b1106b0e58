/**
 * The two kinds of number-checking job (DESIGN §5.9): their tables, the live events that name their work
 * (spec part 2 §4) and the field that carries the job's id in every payload, so that a list row can match it.
 */
import type { TJobExtras, TJobRef } from '@sewablast/contract/live';
import { generatorResults, generators, validatorResults, validators } from '../../db/schema.ts';

export type JobKind = 'generator' | 'validator';
export const JOB_KINDS = ['generator', 'validator'] as const satisfies readonly JobKind[];

export const JOB_TABLES = {
  generator: { jobs: generators, results: generatorResults, jobColumn: generatorResults.generator_id },
  validator: { jobs: validators, results: validatorResults, jobColumn: validatorResults.validator_id },
} as const;

/** Each kind's own events are among those a run of its kind may send (contract live.ts). */
type OwnEvents<J extends TJobRef> = { running: keyof TJobExtras<J>; error: keyof TJobExtras<J> };

export const JOB_EVENTS = {
  generator: { running: 'generating', error: 'error_generate' },
  validator: { running: 'validating', error: 'error_validate' },
} as const satisfies { generator: OwnEvents<{ generatorId: number }>; validator: OwnEvents<{ validatorId: number }> };

/** The field naming the job in each of its events. */
export const jobRef = (kind: JobKind, id: number): TJobRef =>
  kind === 'generator' ? { generatorId: id } : { validatorId: id };

export type GeneratorRow = typeof generators.$inferSelect;
export type ValidatorRow = typeof validators.$inferSelect;
export type JobRow = GeneratorRow | ValidatorRow;

/** Numbers a generator walks in all; the range is checked on create, and digits up to 15 are exact in a double. */
export function generatorTotal(job: Pick<GeneratorRow, 'start_number' | 'end_number'>): number {
  return Number(job.end_number) - Number(job.start_number) + 1;
}

/** Numbers checked so far: every check counts once, as a success or a fail. */
export const doneOf = (job: Pick<JobRow, 'count_success' | 'count_fail'>) => job.count_success + job.count_fail;
