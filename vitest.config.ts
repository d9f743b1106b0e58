import { defineConfig } from 'vitest/config';
import { longestFirst } from './vitest.sequencer.ts';

/** The longest files of the last clean CI run (seconds there): started first, they no longer end it alone. */
const LONGEST = [
  'apps/server/test/failover.test.ts', // 86
  'apps/server/test/baileys-blast-memory.test.ts', // new: 150-180 at load 30
  'apps/server/src/wa/baileys-heap.test.ts', // 84
  'apps/server/test/job-crash.test.ts', // 57
  'apps/server/test/crash.test.ts', // 41
  'apps/server/test/process.test.ts', // 27
];

export default defineConfig({
  test: {
    // Two cores here: two test files at a time, each with its app and its share of PostgreSQL's work.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    sequence: { sequencer: longestFirst(LONGEST) },
  },
});
