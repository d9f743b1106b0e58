/** `npm start` without DATABASE_URL: the embedded PostgreSQL in DATA_DIR/pg; a PGlite one left there is refused. */
import { join } from 'node:path';
import { type EmbeddedPostgres, kindOf, runningUrl, type StartOptions, startEmbeddedPostgres } from './cluster.ts';
import { finishInterruptedMove, PgliteDataDirError } from './from-pglite.ts';

/**
 * A small install's PostgreSQL (issue 21's 250 MB idle budget, docs/performance.md): every background
 * process maps the shared memory it touches, so each one left out is about 5 MB of RSS. One I/O worker
 * instead of three, no logical replication launcher (nothing here subscribes), and background and
 * autovacuum worker slots sized to a 2-core server. io_workers and autovacuum_worker_slots exist from
 * PostgreSQL 18, the version the server's npm packages pin. Only for the embedded default: a
 * DATABASE_URL's PostgreSQL keeps its operator's settings.
 */
const SMALL_INSTALL = {
  io_workers: '1',
  max_logical_replication_workers: '0',
  max_worker_processes: '4',
  autovacuum_max_workers: '2',
  autovacuum_worker_slots: '3',
};

export async function startDefaultDatabase(
  options: Omit<StartOptions, 'dir'> & { dataDir: string },
): Promise<EmbeddedPostgres> {
  const dir = join(options.dataDir, 'pg');
  if (finishInterruptedMove(options.dataDir))
    options.log(`Finished moving the PGlite database to PostgreSQL in ${dir}.`);
  const kind = kindOf(dir);
  if (kind === 'pglite') throw new PgliteDataDirError(options.dataDir);
  if (kind === 'unknown') {
    throw new Error(
      `${dir} is not a database Sewablast made: move it away (the embedded PostgreSQL is made there on the next start), or set DATABASE_URL`,
    );
  }
  return startEmbeddedPostgres({ ...options, dir, settings: { ...SMALL_INSTALL, ...options.settings } });
}

/**
 * Runs `work` on DATABASE_URL's database, or on the embedded one: through the running server's PostgreSQL
 * when a server runs on DATA_DIR, else on one started for the while (a tool run with the service stopped).
 */
export async function withDatabaseUrl<T>(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  log: (line: string) => void,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (config.DATABASE_URL) return work(config.DATABASE_URL);
  const running = runningUrl(join(config.DATA_DIR, 'pg'));
  if (running) return work(running);
  const embedded = await startDefaultDatabase({ dataDir: config.DATA_DIR, log });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}
