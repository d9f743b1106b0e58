import { defineConfig } from 'vitest/config';

/** The move's own test, outside the project's test run: PGlite is installed here alone (npm ci in this folder). */
export default defineConfig({
  test: {
    name: 'from-pglite',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 300_000,
    pool: 'forks',
  },
});
