/** The run's PostgreSQL and its migrated template (the server tests' run-database.ts), handed to the test files' servers. */
import type { TestProject } from 'vitest/node';
import { startRunDatabase } from '../apps/server/test/run-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDatabase: { url: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const database = await startRunDatabase('sewablast_e2e_template');
  project.provide('e2eDatabase', { url: database.url, template: database.template });
  return database.stop;
}
