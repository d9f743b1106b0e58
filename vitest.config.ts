import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores here: two test files at a time, each with its app and its share of PostgreSQL's work.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
