/**
 * WhatsApp accounts as other areas read them: an account by either id, the states of the sessions a node holds
 * and the accounts a worker leases (the dev monitors), how many each member has (the member list). Their rows
 * are this area's (DESIGN §2).
 */
import { count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { heldBy } from '../../engine/index.ts';

/** An account id fits an int4 column up to nine digits; a longer number is a client id or nothing. */
const ACCOUNT_ID = /^\d{1,9}$/;

/** The account a device id or an account id names. */
export async function accountNamed(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(whatsappAccounts)
    .where(or(eq(whatsappAccounts.clientid, id), ACCOUNT_ID.test(id) ? eq(whatsappAccounts.id, Number(id)) : undefined))
    .limit(1);
  return row;
}

/** How many accounts each of `userIds` has, in one grouped query: a user with none is left out. */
export async function accountCountsOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: whatsappAccounts.user_id, total: count() })
    .from(whatsappAccounts)
    .where(inArray(whatsappAccounts.user_id, userIds))
    .groupBy(whatsappAccounts.user_id);
  return new Map(rows.map((row) => [row.id, row.total]));
}

/** How many of `clientids`' accounts are in each state. */
export async function statesOf(db: Db, clientids: string[]): Promise<Record<string, number>> {
  if (clientids.length === 0) return {};
  const rows = await db
    .select({ state: whatsappAccounts.state, n: count() })
    .from(whatsappAccounts)
    .where(inArray(whatsappAccounts.clientid, clientids))
    .groupBy(whatsappAccounts.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** The client ids of the accounts `workerId` holds a lease on, in id order; none for a node that holds none. */
export async function clientidsHeldBy(db: Db, workerId: string | null): Promise<string[]> {
  if (!workerId) return [];
  const rows = await db
    .select({ clientid: whatsappAccounts.clientid })
    .from(whatsappAccounts)
    .where(heldBy(workerId))
    .orderBy(whatsappAccounts.id);
  return rows.map((row) => row.clientid);
}
