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
  const [database, browser] = await Promise.allSettled([
    startRunDatabase('sewablast_e2e_template'),
    launchBrowserServer(),
  ]);
  if (database.status === 'fulfilled' && browser.status === 'fulfilled') {
    project.provide('e2eDatabase', { url: database.value.url, template: database.value.template });
    project.provide('e2eBrowser', browser.value.wsEndpoint());
    return async () => {
      await browser.value.close();
      await database.value.stop();
    };
  }
  // One of the two failed: the other is not left running.
  if (database.status === 'fulfilled') await database.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw database.status === 'rejected' ? database.reason : (browser as PromiseRejectedResult).reason;
}
