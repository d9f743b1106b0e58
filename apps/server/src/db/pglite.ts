/**
 * PGlite, the tests' second engine (and the embedded default until PostgreSQL replaced it): files in a
 * data directory or in memory, in this process. Loaded only by the tests and by the move of an old PGlite
 * directory to PostgreSQL (embedded/from-pglite.ts), never on the way of `npm start`.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Db, OpenOptions } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export async function openPglite(options: OpenOptions & { migrationsFolder: string }): Promise<Database> {
  // Imported here, not above: the server's bundle keeps packages external and would hoist a static import
  // of them into main.js, loading PGlite at every start.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // pg_trgm's trigram indexes serve the lists' substring searches; PostgreSQL ships it among its contrib modules.
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  yieldBeforeEachQuery(client);
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async (afterwards) => {
      await migrate(db, { migrationsFolder: options.migrationsFolder });
      await afterwards?.();
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite runs in this thread and answers through promises, so a busy engine can chain query after query
 * in microtasks and keep HTTP requests and live sockets waiting for seconds. Each statement and
 * transaction first lets the event loop take its turn.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  }) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as typeof client.transaction;
}
