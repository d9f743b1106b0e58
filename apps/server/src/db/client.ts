/**
 * One query layer over PostgreSQL through `pg`: the embedded one (embedded/cluster.ts) or any at
 * DATABASE_URL.
 */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`, for code that works inside one its caller opened. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbKind = 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /**
   * Brings the schema up to date, then runs `afterwards` (the seed) while no other node migrates: both under
   * one advisory lock, so that nodes starting together on an empty database neither migrate nor seed twice.
   */
  migrate(afterwards?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Next to this module in the source tree, and next to main.js in the build (build.mjs copies them). */
export const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection string. */
  url: string;
  migrationsFolder?: string;
  /** The most connections this pool opens (10 unless given). */
  poolMax?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS;
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: (afterwards) => migrateUnderLock(pool, migrationsFolder, afterwards),
    close: () => pool.end(),
  };
}

/** The pool behind `db`, for work that needs a connection of its own (a COPY, a temporary table). */
export function postgresPoolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/** pg_advisory_lock's key for migrations: any fixed number no other lock of this database uses. */
export const MIGRATION_LOCK_KEY = 7_301_224_911;

/**
 * Several nodes starting together would each see the same pending migrations and run them at once (the
 * second fails on a table that now exists), and each would seed an empty database with the same accounts.
 * One at a time: each waits for the lock on one connection, migrates through that connection and seeds, so
 * the next finds nothing left to do. The lock is the session's, so a
 * node that dies mid-migration lets it go with its connection.
 */
async function migrateUnderLock(
  pool: pg.Pool,
  migrationsFolder: string,
  afterwards?: () => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      await afterwards?.();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * The sessions' and blasts' own PostgreSQL pool, next to the one that serves requests: thousands of blasting
 * accounts keep every connection of a shared pool busy, and a dashboard request then waited seconds for one
 * (bench/engine.bench.mjs).
 */
export async function openEngineDatabase(url: string): Promise<Database> {
  return openDatabase({ url, poolMax: 10 });
}

/** Retry a transaction body on serialization failure or deadlock (SQLSTATE 40001, 40P01), as DESIGN §9 asks. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || (code !== '40001' && code !== '40P01')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}

export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
