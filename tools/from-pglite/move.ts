/**
 * `npm run from-pglite -- [DATA_DIR]`: moves the PGlite database an older Sewablast kept in DATA_DIR/pg to
 * the embedded PostgreSQL, which the server refuses to start without. A backup of it read through PGlite
 * (the server's backup format), a new PostgreSQL directory it is restored into beside it, and only then the
 * swap, the PGlite directory kept under another name. Cut short anywhere, the PGlite directory is still
 * DATA_DIR/pg and the command begins again; cut short between the swap's two renames, the server's next
 * start finishes the swap (finishInterruptedMove).
 *
 * PGlite is this folder's own dependency, installed by the command: the server and its tests never load it.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DumpSource, writeDump } from '../../apps/server/src/db/backup/dump.ts';
import { restoreDump } from '../../apps/server/src/db/backup/restore.ts';
import { lockDataDir } from '../../apps/server/src/db/data-dir-lock.ts';
import { kindOf, startEmbeddedPostgres } from '../../apps/server/src/db/embedded/cluster.ts';
import { BUILDING } from '../../apps/server/src/db/embedded/from-pglite.ts';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

export async function moveFromPglite(dataDir: string, log: (line: string) => void): Promise<void> {
  const dir = join(dataDir, 'pg');
  if (kindOf(dir) !== 'pglite') throw new Error(`${dir} holds no PGlite database: nothing to move`);
  log(`${dir} is a PGlite database (Sewablast before PostgreSQL): moving it to PostgreSQL...`);
  const release = lockDataDir(dir);
  try {
    await move(dataDir, dir, stamp(), log);
  } finally {
    release();
  }
}

async function move(dataDir: string, dir: string, time: string, log: (line: string) => void): Promise<void> {
  const file = join(dataDir, `pglite-${time}.sewablast-backup`);
  // pg_trgm as the server of those days loaded it: its trigram indexes are in the database.
  const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    const source: DumpSource = {
      query: async <T>(text: string) => (await pglite.query<T>(text)).rows,
      async *copyOut(select) {
        const result = await pglite.query(`COPY (${select}) TO '/dev/blob'`);
        if (result.blob) yield new Uint8Array(await result.blob.arrayBuffer());
      },
    };
    await writeDump(source, file);
  } finally {
    await pglite.close();
  }
  const building = join(dataDir, BUILDING);
  rmSync(building, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({ dir: building, log });
  try {
    await restoreDump(file, postgres.url);
  } finally {
    await postgres.stop();
  }
  const kept = join(dataDir, `pg-pglite-${time}`);
  renameSync(dir, kept);
  renameSync(building, dir);
  for (const leftover of [`${BUILDING}.lock`, `${BUILDING}.log`]) {
    if (existsSync(join(dataDir, leftover))) rmSync(join(dataDir, leftover), { force: true });
  }
  log(
    `The PGlite database is now PostgreSQL's, in ${dir}. The PGlite directory is kept as ${kept} and its ` +
      `backup as ${file}: delete them once you are satisfied.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dataDir = resolve(process.argv[2] ?? process.env.DATA_DIR ?? './data');
  moveFromPglite(dataDir, (line) => process.stdout.write(`${line}\n`)).then(
    () => process.stdout.write('Start Sewablast again: npm start\n'),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
