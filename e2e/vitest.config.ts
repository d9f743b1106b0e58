import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one real server per file, two files at a time (2-core machines: while one file waits on its
 * server or a page, the other runs), each file's contexts in the run's one Chromium; one PostgreSQL for the
 * run, a migrated template copied for each server (global-setup.ts).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's own default gives up after 1 s, which a page on a busy 2-core machine can take to answer (an
    // Excel import did, and failed its poll): a poll still ends as soon as it holds, so only a failure waits.
    expect: { poll: { timeout: 15_000 } },
  },
});
