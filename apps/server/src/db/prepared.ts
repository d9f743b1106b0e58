/**
 * Statements the engine runs every round of every account, and the session's lookup every signed-in request
 * runs, built once per database and prepared by name: their building (drizzle) and planning (PostgreSQL) cost
 * more than their execution. A statement built per request may still be prepared by its text (`executeNamed`).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** `build` once for each database it is asked for, kept as long as the database is. */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();
/** Each statement text's name: a connection prepares it on its first execution. */
const names = new Map<string, string>();

/**
 * `statement` executed as a named prepared statement, its values as parameters: PostgreSQL parses it once a
 * connection, not once a request, for statements whose text is the same every time and whose parsing is most of
 * their cost beside planning (a name's first page: lib/search-page.ts). Planning stays per execution while
 * PostgreSQL finds a plan for the values cheaper than the generic one (its default `plan_cache_mode`), as for that
 * statement: docs/performance.md, "A name's first page in one statement".
 */
export async function executeNamed<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `named_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
    names.set(query.sql, name);
  }
  const read = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: Row[] };
  return read.rows;
}
