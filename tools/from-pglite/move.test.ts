/**
 * A DATA_DIR that Sewablast's PGlite days left: the server refuses it (apps/server/test/pglite-move.test.ts),
 * and this command moves its database over whole (users, money, sessions, files), says so, and keeps the
 * PGlite directory and the backup it was moved through; the server then starts on it.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type Db, MIGRATIONS } from '../../apps/server/src/db/client.ts';
import { kindOf } from '../../apps/server/src/db/embedded/cluster.ts';
import { startDefaultDatabase } from '../../apps/server/src/db/embedded/default-database.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { contentsOf, fillDatabase } from '../../apps/server/test/backup-data.ts';
import { moveFromPglite } from './move.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sewablast-pglite-move-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('moves a PGlite database to PostgreSQL, nothing lost, the old directory kept', async () => {
  // As the server of those days kept it: PGlite with pg_trgm, migrated and filled.
  const client = await PGlite.create({ dataDir: join(scratch, 'pg'), extensions: { pg_trgm } });
  const old = drizzle(client, { schema });
  await migrate(old, { migrationsFolder: MIGRATIONS });
  await fillDatabase(old as unknown as Db);
  const before = await contentsOf(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  await client.close();
  expect(kindOf(join(scratch, 'pg'))).toBe('pglite');

  const lines: string[] = [];
  await moveFromPglite(scratch, (line) => lines.push(line));
  expect(lines.join('\n')).toContain('is a PGlite database');
  expect(lines.join('\n')).toContain('The PGlite database is now PostgreSQL');
  expect(kindOf(join(scratch, 'pg'))).toBe('embedded');
  const left = readdirSync(scratch);
  const kept = left.find((name) => name.startsWith('pg-pglite-'));
  expect(kept && kindOf(join(scratch, kept))).toBe('pglite');
  expect(left.some((name) => name.endsWith('.sewablast-backup'))).toBe(true);
  expect(existsSync(join(scratch, 'pg-from-pglite'))).toBe(false);

  // The server's start finds PostgreSQL's directory, says nothing of PGlite, and has every row.
  const quiet: string[] = [];
  const moved = await startDefaultDatabase({ dataDir: scratch, log: (line) => quiet.push(line) });
  try {
    expect(quiet).toEqual([]);
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
});
