/**
 * One PostgreSQL for a whole browser-test run: TEST_DATABASE_URL's when set (CI starts one), else an
 * embedded one started with the server's own code (the way `npm start` runs it, as root too). The
 * migrations run once, into a template database; each server gets its own copy of it, which is much
 * cheaper than an initdb, a start and the migrations per server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded/cluster.ts';

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export interface RunDatabase {
  /** A connection string whose user may create databases. */
  url: string;
  /** The migrated database the servers' databases are copied from. */
  template: string;
  stop(): Promise<void>;
}

export async function startRunDatabase(): Promise<RunDatabase> {
  const dir = process.env.TEST_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'sewablast-e2e-pg-'));
  const embedded = dir ? await startEmbeddedPostgres({ dir: join(dir, 'pg'), log: () => {} }) : null;
  const url = embedded?.url ?? (process.env.TEST_DATABASE_URL as string);
  // Its own name: another run on the same TEST_DATABASE_URL keeps its template.
  const template = `sewablast_e2e_template_${randomBytes(4).toString('hex')}`;
  const stop = async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template) });
    await database.migrate();
    await database.close();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, template, stop };
}

export interface ServerDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database holding the migrated schema and no rows: the server seeds it as on a first start. */
export async function copyTemplate({ url, template }: Pick<RunDatabase, 'url' | 'template'>): Promise<ServerDatabase> {
  const name = `sewablast_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
