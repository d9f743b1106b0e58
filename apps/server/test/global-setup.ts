/**
 * One PostgreSQL server for the whole run and one migrated template database on it, which each test file
 * copies (`CREATE DATABASE … TEMPLATE`, harness.ts). The server is TEST_DATABASE_URL's when set (CI's, or a
 * developer's own); otherwise a throw-away embedded PostgreSQL, made with the server's own code
 * (src/db/embedded) in a temporary directory and removed at the end of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded/cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's connection string to the tests' PostgreSQL server, on its `postgres` database. */
    databaseServer: string;
    postgresTemplate: string;
  }
}

/**
 * A test run's data is thrown away: nothing is written to disk twice or waited for, and the server takes
 * the connections of two workers' apps, engines and the processes some tests start.
 */
const THROW_AWAY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' };

async function throwAwayServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sewablast-test-pg-'));
  try {
    const embedded = await startEmbeddedPostgres({
      dir: join(dir, 'pg'),
      settings: THROW_AWAY,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    return {
      url: withDatabase(embedded.url, 'postgres'),
      async stop() {
        await embedded.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? { url: given, stop: async () => {} } : await throwAwayServer();
  // Named for this run: two runs on one TEST_DATABASE_URL server each keep their own.
  const template = `sewablast_test_template_${process.pid}`;
  try {
    await adminQuery(server.url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(server.url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(server.url, template) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('databaseServer', server.url);
  project.provide('postgresTemplate', template);
  return async () => {
    await adminQuery(server.url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await server.stop();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
