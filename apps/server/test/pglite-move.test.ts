/**
 * A DATA_DIR that Sewablast's PGlite days left: the first start of the embedded PostgreSQL moves its
 * database over whole (users, money, sessions, files), says so, and keeps the PGlite directory and the
 * backup it was moved through.
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS } from '../src/db/client.ts';
import { kindOf } from '../src/db/embedded/cluster.ts';
import { startDefaultDatabase } from '../src/db/embedded/default-database.ts';
import * as schema from '../src/db/schema.ts';
import { contentsOf, fillDatabase } from './backup-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sewablast-pglite-move-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a PGlite data directory', () => {
  it('is moved to PostgreSQL on the first start, nothing lost, the old directory kept', async () => {
    // As the server of those days kept it: PGlite with pg_trgm, migrated and filled.
    const client = await PGlite.create({ dataDir: join(scratch, 'pg'), extensions: { pg_trgm } });
    const old = drizzle(client, { schema });
    await migrate(old, { migrationsFolder: MIGRATIONS });
    await fillDatabase(old as unknown as Db);
    const before = await contentsOf(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    await client.close();
    expect(kindOf(join(scratch, 'pg'))).toBe('pglite');

    const lines: string[] = [];
    const moved = await startDefaultDatabase({ dataDir: scratch, log: (line) => lines.push(line) });
    try {
      expect(lines.join('\n')).toContain('is a PGlite database');
      expect(lines.join('\n')).toContain('The PGlite database is now PostgreSQL');
      const after = new pg.Client({ connectionString: moved.url });
      await after.connect();
      try {
        expect(await contentsOf(async (text) => (await after.query(text)).rows)).toEqual(before);
      } finally {
        await after.end();
      }
    } finally {
      await moved.stop();
    }
    expect(kindOf(join(scratch, 'pg'))).toBe('embedded');
    const left = readdirSync(scratch);
    const kept = left.find((name) => name.startsWith('pg-pglite-'));
    expect(kept && kindOf(join(scratch, kept))).toBe('pglite');
    expect(left.some((name) => name.endsWith('.sewablast-backup'))).toBe(true);
    expect(existsSync(join(scratch, 'pg-from-pglite'))).toBe(false);

    // Moved once: the next start finds PostgreSQL's directory and says nothing of PGlite.
    const quiet: string[] = [];
    const again = await startDefaultDatabase({ dataDir: scratch, log: (line) => quiet.push(line) });
    await again.stop();
    expect(quiet).toEqual([]);

    // A move cut short between its two renames: the restored directory beside an absent DATA_DIR/pg is
    // taken, not an empty new database made.
    renameSync(join(scratch, 'pg'), join(scratch, 'pg-from-pglite'));
    const finishing: string[] = [];
    const finished = await startDefaultDatabase({ dataDir: scratch, log: (line) => finishing.push(line) });
    try {
      expect(finishing.join('\n')).toContain('Finished moving the PGlite database');
      const after = new pg.Client({ connectionString: finished.url });
      await after.connect();
      try {
        expect(await contentsOf(async (text) => (await after.query(text)).rows)).toEqual(before);
      } finally {
        await after.end();
      }
    } finally {
      await finished.stop();
    }
  }, 300_000);
});
