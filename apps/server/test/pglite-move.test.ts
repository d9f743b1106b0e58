/**
 * A DATA_DIR that Sewablast's PGlite days left: the server, which no longer loads PGlite, refuses to start on
 * it with the one command that moves it (tools/from-pglite, tested there with PGlite itself), and finishes a
 * move that command left between its last two renames.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { kindOf, startEmbeddedPostgres } from '../src/db/embedded/cluster.ts';
import { startDefaultDatabase } from '../src/db/embedded/default-database.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sewablast-pglite-move-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function ask(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('a PGlite data directory', () => {
  it('is refused with the command that moves it, and left as it was', async () => {
    const dataDir = join(scratch, 'refused');
    const dir = join(dataDir, 'pg');
    // What PGlite writes: a data directory without a real server's postmaster.opts.
    mkdirSync(join(dir, 'base'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    expect(kindOf(dir)).toBe('pglite');
    const started = startDefaultDatabase({ dataDir, log: () => {} });
    await expect(started).rejects.toThrow(`npm run from-pglite -- ${JSON.stringify(dataDir)}`);
    await expect(started).rejects.toThrow('is a PGlite database');
    expect(kindOf(dir)).toBe('pglite');
  });

  it('half swapped by the move is finished on the next start, not replaced by an empty database', async () => {
    const dataDir = join(scratch, 'interrupted');
    const building = await startEmbeddedPostgres({ dir: join(dataDir, 'pg-from-pglite'), log: () => {} });
    await ask(building.url, 'CREATE TABLE moved (n int); INSERT INTO moved VALUES (7)');
    await building.stop();
    // The move renamed the PGlite directory away and was cut short before renaming its PostgreSQL's into place.
    const lines: string[] = [];
    const finished = await startDefaultDatabase({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(lines.join('\n')).toContain('Finished moving the PGlite database');
      expect(await ask(finished.url, 'SELECT n FROM moved')).toEqual([{ n: 7 }]);
    } finally {
      await finished.stop();
    }
  }, 120_000);
});
