/**
 * The embedded default's PostgreSQL runs a small install's processes (issue 21's idle budget): one I/O
 * worker, no logical replication launcher, fewer worker slots.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startDefaultDatabase } from './default-database.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sewablast-default-db-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Its processes by kind, and the settings that size them. */
async function shapeOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; n: number }>(
      'SELECT backend_type AS kind, count(*)::int AS n FROM pg_stat_activity GROUP BY 1',
    );
    const setting = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0]?.[name];
    return {
      processes: Object.fromEntries(rows.map(({ kind, n }) => [kind, n])),
      max_worker_processes: await setting('max_worker_processes'),
      autovacuum_max_workers: await setting('autovacuum_max_workers'),
    };
  } finally {
    await client.end();
  }
}

describe.skipIf(process.platform !== 'linux')('the embedded default database', () => {
  it('starts only the background processes a small install needs', async () => {
    const database = await startDefaultDatabase({ dataDir: join(scratch, 'default'), log: () => {} });
    try {
      const shape = await shapeOf(database.url);
      expect(shape.processes).toMatchObject({ 'io worker': 1, checkpointer: 1, 'autovacuum launcher': 1 });
      expect(shape.processes).not.toHaveProperty('logical replication launcher');
      expect(shape).toMatchObject({ max_worker_processes: '4', autovacuum_max_workers: '2' });
    } finally {
      await database.stop();
    }
  }, 120_000);
});
