/**
 * Writes a backup (./format.ts) of a database through a DumpSource: PostgreSQL through `pg`, inside one
 * read-only REPEATABLE READ transaction, so that every table is read at the same moment while the service
 * goes on writing (as pg_dump does, which the npm packages of PostgreSQL do not ship); or an old PGlite
 * directory being moved to PostgreSQL (tools/from-pglite).
 */
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DUMP_END, type DumpHeader, MAGIC, quoteIdent, TABLE_END } from './format.ts';

export interface DumpSource {
  query<T>(text: string): Promise<T[]>;
  /** The rows of a `COPY (…) TO STDOUT`, in COPY's text format. */
  copyOut(select: string): AsyncIterable<Uint8Array | string>;
}

const TABLES = `
  SELECT c.relname AS name, json_agg(a.attname ORDER BY a.attnum) AS columns
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  GROUP BY c.relname ORDER BY c.relname`;

const REFERENCES = `
  SELECT child.relname AS child, parent.relname AS parent
  FROM pg_constraint k
  JOIN pg_class child ON child.oid = k.conrelid
  JOIN pg_class parent ON parent.oid = k.confrelid
  WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`;

/** Parents before children; a table referencing itself loads in one COPY, which checks at its end. */
function loadOrder(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`tables reference each other in a cycle through ${table}`);
    visiting.add(table);
    for (const { child, parent } of references) if (child === table && tables.includes(parent)) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function readHeader(source: DumpSource, extra: Pick<DumpHeader, 'jwtSecret'>): Promise<DumpHeader> {
  const [{ version }] = (await source.query<{ version: string }>('SELECT version()')) as [{ version: string }];
  const migrations = await source.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
  );
  const found = await source.query<{ name: string; columns: string[] }>(TABLES);
  const order = loadOrder(
    found.map((table) => table.name),
    await source.query<{ child: string; parent: string }>(REFERENCES),
  );
  const sequences = await source.query<{ name: string; value: string }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
     WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY sequencename`,
  );
  return {
    createdAt: new Date().toISOString(),
    server: version,
    migrations,
    tables: order.map((name) => ({ name, columns: found.find((table) => table.name === name)?.columns ?? [] })),
    sequences,
    ...extra,
  };
}

async function write(out: Writable, chunk: Uint8Array | string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes the dump to `file` (through `file.partial`, renamed once complete); answers the header written. */
export async function writeDump(
  source: DumpSource,
  file: string,
  extra: Pick<DumpHeader, 'jwtSecret'> = {},
): Promise<DumpHeader> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const output = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(output);
  try {
    const header = await readHeader(source, extra);
    await write(gzip, `${MAGIC}\n${JSON.stringify(header)}\n`);
    for (const { name, columns } of header.tables) {
      await write(gzip, `COPY ${name}\n`);
      const select = `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(name)}`;
      for await (const chunk of source.copyOut(select)) await write(gzip, chunk);
      await write(gzip, `${TABLE_END}\n`);
    }
    await write(gzip, `${DUMP_END}\n`);
    gzip.end();
    await finished(output);
    renameSync(partial, file);
    return header;
  } catch (error) {
    gzip.destroy();
    output.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Dumps the database `client` is connected to as one snapshot, while others go on using it. */
export async function dumpPostgres(
  client: pg.Client,
  file: string,
  extra: Pick<DumpHeader, 'jwtSecret'> = {},
): Promise<DumpHeader> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    const source: DumpSource = {
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      copyOut: (select) => client.query(copyTo(`COPY (${select}) TO STDOUT`)),
    };
    // As pg_dump does: no migration may drop or change a table while it is being read.
    const tables = await source.query<{ name: string }>(TABLES);
    if (tables.length > 0) {
      await client.query(`LOCK TABLE ${tables.map((t) => quoteIdent(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    }
    return await writeDump(source, file, extra);
  } finally {
    await client.query('ROLLBACK');
  }
}
