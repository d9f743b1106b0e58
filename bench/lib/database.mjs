// The database an in-process benchmark measures, migrated: DATABASE_URL's (an empty database, as `npm run bench`
// gives with BENCH_POSTGRES_URL), else a scratch database on TEST_DATABASE_URL's server, else a throw-away
// embedded PostgreSQL of the benchmark's own (the one `npm start` runs), removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/cluster.ts';

async function admin(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `{ database, label, close() }`: `label` says which PostgreSQL it is, for the figures. */
export async function benchDatabase() {
  if (process.env.DATABASE_URL) {
    const database = await openDatabase({ url: process.env.DATABASE_URL });
    await database.migrate();
    return { database, label: 'PostgreSQL (DATABASE_URL)', close: () => database.close() };
  }
  if (process.env.TEST_DATABASE_URL) {
    const server = process.env.TEST_DATABASE_URL;
    const name = `sewablast_bench_${randomBytes(4).toString('hex')}`;
    await admin(server, `create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    return {
      database,
      label: 'PostgreSQL (TEST_DATABASE_URL)',
      async close() {
        await database.close();
        await admin(server, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sewablast-bench-pg-'));
  const embedded = await startEmbeddedPostgres({ dir: join(dir, 'pg'), log: () => {} });
  const database = await openDatabase({ url: embedded.url });
  await database.migrate();
  return {
    database,
    label: 'PostgreSQL (embedded)',
    async close() {
      await database.close();
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
