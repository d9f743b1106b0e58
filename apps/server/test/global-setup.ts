/**
 * Migrates one database per test run and hands its location to the test files: a PGlite data-directory
 * dump, or (with TEST_DATABASE_URL) a PostgreSQL template database that each file copies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

export const TEMPLATE_DB = 'sewablast_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (project.name === 'server-postgres' && url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ url: withDatabase(url, TEMPLATE_DB) });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteDump', '');
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), 'sewablast-test-'));
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dumpPath = join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', dumpPath);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
