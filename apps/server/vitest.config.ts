import { defineProject } from 'vitest/config';

/**
 * Server tests run against a real PostgreSQL: TEST_DATABASE_URL's server, or one the global setup starts
 * for the run. Each file starts from its own copy of one migrated template database.
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default gives up after 1 s, which a loaded 2-core machine can take; a poll ends once it holds.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
  },
});
