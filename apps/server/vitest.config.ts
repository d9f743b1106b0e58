import { defineProject } from 'vitest/config';

/**
 * Server tests run against a real database: PGlite always; PostgreSQL as well when TEST_DATABASE_URL
 * is set (the root config adds the second project then). Each file starts from one migrated copy.
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
