import { defineConfig } from 'vitest/config';

/** Server tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server-postgres', env: { TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Two cores here: a PGlite database per test file is CPU- and memory-hungry.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web', ...postgres],
  },
});
