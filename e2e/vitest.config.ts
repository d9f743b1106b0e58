import { defineConfig } from 'vitest/config';

/** Browser tests: one real server and one Chromium per file, files one after another (2-core machines). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
