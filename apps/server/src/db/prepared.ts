/**
 * Statements the engine runs every round of every account, and the session's lookup every signed-in request
 * runs, built once per database and prepared by name: their building (drizzle) and planning (PostgreSQL) cost
 * more than their execution.
 */
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
