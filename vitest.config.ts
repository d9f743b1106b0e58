import { defineConfig } from 'vitest/config';
import { longestFirst } from './vitest.sequencer.ts';

/** The longest files of the last clean CI run (seconds there): started first, they no longer end it alone. */
const LONGEST = [
  'apps/server/test/failover.test.ts', // 85; about 45 with its 8 s lease (docs/performance.md)
  'apps/server/src/wa/baileys-heap.test.ts', // 36
  'apps/server/test/job-crash.test.ts', // 57; about 32 with its 5 s lease
  'apps/server/test/process.test.ts', // 26
  // Not yet on record from CI, measured here beside the files around them (docs/performance.md, CI time).
  'apps/server/test/baileys-blast-memory.test.ts', // 18 alone at load 12; 59 beside baileys-heap's 149
  'apps/server/test/crash.test.ts', // 40; about 20 with its 5 s lease
  'apps/server/src/db/embedded/cluster.test.ts', // 53 beside crash's 52, a small file Vitest started late
];

export default defineConfig({
  test: {
    // Two cores here: two test files at a time, each with its app and its share of PostgreSQL's work.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    sequence: { sequencer: longestFirst(LONGEST) },
  },
});
