/**
 * A validator's run (DESIGN §5.9): the distinct valid numbers of its uploaded file, in file order, read
 * once when the run begins (the file streamed from the store, never held whole) and kept while it lasts;
 * `cursor` is how many are checked, and where the run resumes.
 */
import { VALIDATOR_TEXT } from '@sewablast/contract/validator';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import { readFileNumbers } from '../../lib/file-numbers.ts';
import type { ValidatorRow } from '../../rules/jobs/job-kinds.ts';
import { CheckRun, type CheckRunDeps, type JobPosition, RunFailure } from './check-run.ts';

export class ValidatorRun extends CheckRun<ValidatorRow> {
  private numbers: string[] | null = null;

  constructor(deps: CheckRunDeps, accountId: number, jobId: number) {
    super(deps, accountId, 'validator', jobId);
  }

  protected total(job: ValidatorRow): number {
    return job.total;
  }

  private async load(fileId: number | null): Promise<string[]> {
    if (this.numbers) return this.numbers;
    const [file] =
      fileId === null ? [] : await this.deps.db.select({ id: files.id }).from(files).where(eq(files.id, fileId));
    if (!file) throw new RunFailure(VALIDATOR_TEXT.fileGone);
    // Streamed from the store through the row reader, which gives other work a turn as it goes.
    this.numbers = (await readFileNumbers(this.deps.files.get(file.id))).numbers;
    return this.numbers;
  }

  protected async numberAt(job: ValidatorRow, done: number): Promise<string | null> {
    const numbers = await this.load(job.file_id);
    return done < Math.min(numbers.length, job.total) ? (numbers[done] ?? null) : null;
  }

  protected position(_number: string, done: number): Record<string, unknown> {
    return { cursor: done + 1 };
  }

  protected finishedPosition(): Record<string, unknown> {
    return {};
  }

  protected shownPosition(): JobPosition {
    return {};
  }
}
