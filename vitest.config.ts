import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Small files whose test runs for minutes: without timings from an earlier run (a clean checkout, as CI's),
 * Vitest starts the largest files first and these last, so one would end the run alone on one worker.
 */
const LONG_RUNNING = ['apps/server/src/wa/baileys-heap.test.ts'];

/** Vitest's order (the longest first by the last run's timings, else the largest), the long-running first. */
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) => LONG_RUNNING.some((path) => spec.moduleId.endsWith(path));
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec))];
  }
}

export default defineConfig({
  test: {
    // Two cores here: two test files at a time, each with its app and its share of PostgreSQL's work.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    sequence: { sequencer: LongRunningFirst },
  },
});
