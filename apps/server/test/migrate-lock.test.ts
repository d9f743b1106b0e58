/**
 * Several nodes of one cluster start together on a fresh PostgreSQL database: each migrates at start-up,
 * and seeds, and the advisory lock lets one apply the migrations and write the first accounts while the
 * others wait and then find nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/seed.ts';
import { databaseServer } from './harness.ts';
import { withDatabase } from './run-database.ts';

const MIGRATIONS = join(import.meta.dirname, '..', 'src', 'db', 'migrations');
const NODES = 4;

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations when several nodes start together', () => {
  const name = `sewablast_test_${randomBytes(6).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    await query(databaseServer(), `CREATE DATABASE ${name}`);
    url = withDatabase(databaseServer(), name);
  });
  afterAll(async () => {
    await query(databaseServer(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it(`applies every migration and seeds once while ${NODES} nodes start on a fresh database at once`, async () => {
    const nodes = await Promise.all(Array.from({ length: NODES }, () => openDatabase({ url, poolMax: 2 })));
    try {
      const seedOf = (node: (typeof nodes)[number]) => async () => {
        await seed(node.db, { adminEmail: 'dev@lock.test', adminPassword: 'rahasia-sekali', demo: false });
      };
      const outcomes = await Promise.allSettled(nodes.map((node) => node.migrate(seedOf(node))));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }

    const files = readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql'));
    const applied = await query<{ hash: string }>(url, 'SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(files.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(files.length);
    const [users] = await query<{ count: string }>(url, 'SELECT count(*) FROM users');
    expect(users?.count).toBe('1');
    // Every node let the lock go: nothing is left holding it once they have finished.
    const held = await query(
      url,
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(held).toEqual([]);
  });

  it('lets a node that finds the lock taken wait for it, then migrate nothing more', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const node = await openDatabase({ url, poolMax: 1 });
    try {
      let finished = false;
      const migrating = node.migrate().then(() => {
        finished = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(finished).toBe(false);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
      expect(finished).toBe(true);
    } finally {
      await holder.end();
      await node.close();
    }
  });
});
