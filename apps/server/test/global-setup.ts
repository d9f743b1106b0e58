/** The run's PostgreSQL and its migrated template (run-database.ts), which each test file copies (harness.ts). */
import type { TestProject } from 'vitest/node';
import { startRunDatabase } from './run-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's connection string to the tests' PostgreSQL server, on its `postgres` database. */
    databaseServer: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await startRunDatabase('sewablast_test_template', (line) => process.stderr.write(`${line}\n`));
  project.provide('databaseServer', database.url);
  project.provide('postgresTemplate', database.template);
  return database.stop;
}
