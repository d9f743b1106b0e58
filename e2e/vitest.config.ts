import { defineConfig } from 'vitest/config';
import { longestFirst } from '../vitest.sequencer.ts';

/** The longest files of the last clean CI run (seconds there), started first so that both lanes end together. */
const LONGEST = [
  'e2e/a11y.e2e.ts', // 172
  'e2e/layout.e2e.ts', // 139
  'e2e/generator-validator.e2e.ts', // 51
  'e2e/screens.e2e.ts', // 47
  'e2e/fresh-install.e2e.ts', // 20–60, new
  'e2e/health.e2e.ts', // 43
  'e2e/misc-screens.e2e.ts', // 37
  'e2e/profile.e2e.ts', // 34
  'e2e/member-money.e2e.ts', // 31
  'e2e/first-load.e2e.ts', // 30
  'e2e/whatsapp-link.e2e.ts', // 29
  'e2e/guard.e2e.ts', // 28
  'e2e/auth-shell.e2e.ts', // 27
];

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
    sequence: { sequencer: longestFirst(LONGEST) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's own default gives up after 1 s, which a page on a busy 2-core machine can take to answer (an
    // Excel import did, and failed its poll): a poll still ends as soon as it holds, so only a failure waits.
    expect: { poll: { timeout: 15_000 } },
  },
});
