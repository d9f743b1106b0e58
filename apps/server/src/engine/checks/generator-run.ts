/**
 * A generator's run (DESIGN §5.9): the numbers from `start_number` to `end_number` in order. The next one is
 * the start plus the checks already counted, so the counts alone say where the run resumes; `current_number`
 * shows the last one checked.
 */

import { type GeneratorRow, generatorTotal } from '../../rules/jobs/job-kinds.ts';
import { CheckRun, type CheckRunDeps, type JobPosition } from './check-run.ts';

export class GeneratorRun extends CheckRun<GeneratorRow> {
  constructor(deps: CheckRunDeps, accountId: number, jobId: number) {
    super(deps, accountId, 'generator', jobId);
  }

  protected total(job: GeneratorRow): number {
    return generatorTotal(job);
  }

  protected async numberAt(job: GeneratorRow, done: number): Promise<string | null> {
    return done < generatorTotal(job) ? String(Number(job.start_number) + done) : null;
  }

  protected position(number: string): Record<string, unknown> {
    return { current_number: number };
  }

  /** The spec's list clears the current number once the generator is done. */
  protected finishedPosition(): Record<string, unknown> {
    return { current_number: null };
  }

  protected shownPosition(job: GeneratorRow): JobPosition {
    return { current_number: job.current_number };
  }
}
