/**
 * Until PostgreSQL replaced it, the embedded database was PGlite, in the same DATA_DIR/pg. Its first start
 * on this version moves that database to PostgreSQL: a backup of it (./backup/dump.ts, read through PGlite),
 * a new PostgreSQL directory it is restored into, and only then the swap, the PGlite directory kept under
 * another name. Cut short anywhere, the PGlite directory is still DATA_DIR/pg and the next start begins again.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type DumpSource, writeDump } from '../backup/dump.ts';
import { restoreDump } from '../backup/restore.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { kindOf, startEmbeddedPostgres } from './cluster.ts';

/** The PostgreSQL directory a move restores into, beside DATA_DIR/pg until the swap. */
const BUILDING = 'pg-from-pglite';

/**
 * The swap is two renames: a start cut short between them finds no DATA_DIR/pg and a complete PostgreSQL
 * directory beside it (restored before the first rename), and finishes the swap instead of making an
 * empty database. Answers whether it did.
 */
export function finishInterruptedMove(dataDir: string): boolean {
  const dir = join(dataDir, 'pg');
  const building = join(dataDir, BUILDING);
  if (kindOf(dir) !== 'none' || kindOf(building) !== 'embedded') return false;
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return true;
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

export async function moveFromPglite(dataDir: string, log: (line: string) => void): Promise<void> {
  const dir = join(dataDir, 'pg');
  const time = stamp();
  log(`${dir} is a PGlite database (Sewablast before PostgreSQL): moving it to PostgreSQL...`);
  const release = lockDataDir(dir);
  try {
    await move(dataDir, dir, time, log);
  } finally {
    release();
  }
}

async function move(dataDir: string, dir: string, time: string, log: (line: string) => void): Promise<void> {
  const file = join(dataDir, `pglite-${time}.sewablast-backup`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir: dir });
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
