/** Proxies as other areas read them: their values by id (account-loss names the IP an account moved to). */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proxies } from '../../db/schema.ts';

/** The value of each of `ids`' proxies, in one query; a proxy since deleted is left out. */
export async function proxyValuesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: proxies.id, value: proxies.value }).from(proxies).where(inArray(proxies.id, ids));
  return new Map(rows.map((row) => [row.id, row.value]));
}
