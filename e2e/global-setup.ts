/**
 * What every browser-test file shares: the run's PostgreSQL with its migrated template (the server tests'
 * run-database.ts), copied for each test file's server, and one Chromium that each file connects to (a launch
 * per file cost more than some files' tests).
 */
import type { TestProject } from 'vitest/node';
import { startRunDatabase } from '../apps/server/test/run-database.ts';
import { launchBrowserServer } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDatabase: { url: string; template: string };
    /** The run's Chromium's WebSocket endpoint. */
    e2eBrowser: string;
  }
}

export default async function setup(project: TestProject) {
  const [database, browser] = await Promise.all([startRunDatabase('sewablast_e2e_template'), launchBrowserServer()]);
  project.provide('e2eDatabase', { url: database.url, template: database.template });
  project.provide('e2eBrowser', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await database.stop();
  };
}
