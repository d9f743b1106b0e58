/**
 * Loads a backup (./format.ts) into an empty PostgreSQL database: the migrations the backup's database
 * had, then every table's rows in one transaction, then the sequences. Migrations added since the backup
 * was taken run at the next start, as after any upgrade.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS, openDatabase } from '../client.ts';
import { DUMP_END, type DumpHeader, MAGIC, quoteIdent, TABLE_END } from './format.ts';

export class RestoreError extends Error {}

interface JournalEntry {
  when: number;
  tag: string;
}

/**
 * A migrations folder holding the first `count` migrations of this version's, as drizzle applies every
 * migration of the folder it is given. The backup's migrations must be exactly the first ones of this
 * version's: a backup from a newer version cannot be loaded into an older schema.
 */
function migrationsAsOf(header: DumpHeader, folder: string): { folder: string; cleanup(): void } {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const applied = header.migrations;
  if (applied.length > journal.entries.length) {
    throw new RestoreError(
      `the backup's database had ${applied.length} migrations and this version has ${journal.entries.length}: restore it with the version that wrote it (or a newer one)`,
    );
  }
  applied.forEach((migration, index) => {
    const entry = journal.entries[index] as JournalEntry;
    const hash = createHash('sha256')
      .update(readFileSync(join(folder, `${entry.tag}.sql`), 'utf8'))
      .digest('hex');
    if (String(entry.when) !== migration.created_at || hash !== migration.hash) {
      throw new RestoreError(`the backup's migration ${index + 1} is not this version's ${entry.tag}`);
    }
  });
  if (applied.length === journal.entries.length) return { folder, cleanup: () => {} };
  const partial = mkdtempSync(join(tmpdir(), 'sewablast-migrations-'));
  mkdirSync(join(partial, 'meta'));
  const entries = journal.entries.slice(0, applied.length);
  writeFileSync(join(partial, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) copyFileSync(join(folder, `${entry.tag}.sql`), join(partial, `${entry.tag}.sql`));
  return { folder: partial, cleanup: () => rmSync(partial, { recursive: true, force: true }) };
}

async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ tables: number; migrated: boolean }>(
    `SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables,
            to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated`,
  );
  if (rows[0]?.tables || rows[0]?.migrated) {
    throw new RestoreError('the database to restore into is not empty: restore needs an empty database');
  }
}

/** Loads `file` into the empty database at `url`; answers the backup's header. */
export async function restoreDump(file: string, url: string, migrationsFolder = MIGRATIONS): Promise<DumpHeader> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const next = lines[Symbol.asyncIterator]();
  const line = async (): Promise<string> => {
    const read = await next.next();
    if (read.done) throw new RestoreError(`${file} ends early: the backup is incomplete`);
    return read.value;
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await line()) !== MAGIC) throw new RestoreError(`${file} is not a Sewablast backup`);
    const header = JSON.parse(await line()) as DumpHeader;
    await assertEmpty(client);
    const migrations = migrationsAsOf(header, migrationsFolder);
    try {
      const database = await openDatabase({ url, migrationsFolder: migrations.folder, poolMax: 1 });
      await database.migrate();
      await database.close();
    } finally {
      migrations.cleanup();
    }
    await client.query('BEGIN');
    for (const { name, columns } of header.tables) {
      if ((await line()) !== `COPY ${name}`) throw new RestoreError(`${file} is damaged before table ${name}`);
      const copy = client.query(
        copyFrom(`COPY ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN`),
      );
      for (let row = await line(); row !== TABLE_END; row = await line()) {
        if (!copy.write(`${row}\n`)) await once(copy, 'drain');
      }
      copy.end();
      await finished(copy);
    }
    if ((await line()) !== DUMP_END) throw new RestoreError(`${file} is damaged after its last table`);
    for (const { name, value } of header.sequences) {
      await client.query('SELECT setval($1, $2::bigint, true)', [`public.${quoteIdent(name)}`, value]);
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return header;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    lines.close();
    await client.end();
  }
}
