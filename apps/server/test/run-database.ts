/**
 * One PostgreSQL server for a whole test run and one migrated template database on it, which each test file
 * (or each browser test's server) copies with `CREATE DATABASE … TEMPLATE`: much cheaper than an initdb, a
 * start and the migrations each. The server is TEST_DATABASE_URL's when set (CI's, or a developer's own);
 * otherwise a throw-away embedded PostgreSQL made with the server's own code (src/db/embedded, as root too)
 * in a temporary directory and removed at the end. Used by the unit tests' and the browser tests' global
 * set-up alike.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded/cluster.ts';

/**
 * A test run's data is thrown away: nothing is written to disk twice or waited for, and the server takes
 * the connections of two workers' apps, engines and the processes some tests start.
 */
const THROW_AWAY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' };

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export interface RunDatabase {
  /** A superuser's connection string to the run's server, on its `postgres` database. */
  url: string;
  /** The migrated database the tests' databases are copied from. */
  template: string;
  stop(): Promise<void>;
}

async function throwAwayServer(log: (line: string) => void): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sewablast-test-pg-'));
  try {
    const embedded = await startEmbeddedPostgres({ dir: join(dir, 'pg'), settings: THROW_AWAY, log });
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

/** The run's server and its template, named `<prefix>_<random>` so that two runs on one server keep their own. */
export async function startRunDatabase(prefix: string, log: (line: string) => void = () => {}): Promise<RunDatabase> {
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? { url: given, stop: async () => {} } : await throwAwayServer(log);
  const template = `${prefix}_${randomBytes(4).toString('hex')}`;
  const stop = async () => {
    await adminQuery(server.url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await server.stop();
  };
  try {
    await adminQuery(server.url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(server.url, template) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, template, stop };
}

export interface CopiedDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database holding the migrated schema and no rows. */
export async function copyTemplate(
  { url, template }: Pick<RunDatabase, 'url' | 'template'>,
  prefix: string,
): Promise<CopiedDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
