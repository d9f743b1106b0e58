import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one real server and one Chromium per file, files one after another (2-core machines);
 * one PostgreSQL for the run, a migrated template copied for each server (global-setup.ts).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
