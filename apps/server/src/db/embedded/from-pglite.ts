/**
 * Until PostgreSQL replaced it, the embedded database was PGlite, in the same DATA_DIR/pg. The server does
 * not load PGlite: it refuses such a directory with the one command that moves it (tools/from-pglite, with
 * PGlite as its own dependency), and finishes a move that command left between its last two renames.
 */
import { renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { kindOf } from './cluster.ts';

/** The PostgreSQL directory a move restores into, beside DATA_DIR/pg until the swap. */
export const BUILDING = 'pg-from-pglite';

/**
 * The swap is two renames: a move cut short between them leaves no DATA_DIR/pg and a complete PostgreSQL
 * directory beside it (restored before the first rename); the server finishes the swap instead of making an
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

export class PgliteDataDirError extends Error {
  constructor(dataDir: string) {
    super(
      `${join(dataDir, 'pg')} is a PGlite database, from a Sewablast before the embedded PostgreSQL. Move it ` +
        `to PostgreSQL, nothing lost (the PGlite directory is kept), from the project's folder with:\n` +
        `  npm run from-pglite -- ${JSON.stringify(resolve(dataDir))}\n` +
        'then start Sewablast again.',
    );
  }
}
