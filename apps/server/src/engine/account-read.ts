/**
 * The account row as the engine reads it: by id each round of a loop (whether this worker still holds it)
 * and by client id on each session event, thousands of times a second across a fleet.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedPer } from '../db/prepared.ts';
import { whatsappAccounts } from '../db/schema.ts';

export type AccountRow = typeof whatsappAccounts.$inferSelect;

const byId = preparedPer((db) =>
  db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, sql.placeholder('id')))
    .prepare('engine_account_by_id'),
);

const byClientid = preparedPer((db) =>
  db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.clientid, sql.placeholder('clientid')))
    .prepare('engine_account_by_clientid'),
);

export async function accountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await byId(db).execute({ id });
  return row;
}

export async function accountByClientid(db: Db, clientid: string): Promise<AccountRow | undefined> {
  const [row] = await byClientid(db).execute({ clientid });
  return row;
}
