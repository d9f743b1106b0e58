/**
 * WhatsApp accounts as other areas read them: an account by either id, how a job list names them, their ages,
 * owners and a sample's draw (account-loss), the states of the sessions a node holds and the accounts a worker
 * leases (the dev monitors), how many each member has (the member list). Their rows are this area's (DESIGN §2).
 */
import { count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import { heldBy } from '../../engine/index.ts';
import { fullNameOf } from '../users/names.ts';

/** An account id fits an int4 column up to nine digits; a longer number is a client id or nothing. */
const ACCOUNT_ID = /^\d{1,9}$/;

/** The account of `id`. */
export async function accountById(db: Db, id: number) {
  const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
  return row;
}

/** How each of `ids`' accounts is named on a list that shows it (the generators and validators), in one query. */
export async function accountLabelsOf(db: Db, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({
          id: whatsappAccounts.id,
          pushname: whatsappAccounts.pushname,
          phonenumber: whatsappAccounts.phonenumber,
          clientid: whatsappAccounts.clientid,
          state: whatsappAccounts.state,
        })
        .from(whatsappAccounts)
        .where(inArray(whatsappAccounts.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** When each of `ids`' accounts was created (an account's age), in one query. */
export async function createdAtOf(db: Db, ids: number[]): Promise<Map<number, Date>> {
  const { rows } = (await db.execute(
    sql`select id, created_at from ${whatsappAccounts} where id = any(${sql.param(ids)}::int[])`,
  )) as unknown as { rows: { id: number; created_at: string | Date }[] };
  return new Map(rows.map((row) => [row.id, new Date(row.created_at)]));
}

/** `ids`' accounts with their owner's full name (the account-loss list), in one statement. */
export async function accountsWithOwnerOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: whatsappAccounts.id,
      user_id: whatsappAccounts.user_id,
      phonenumber: whatsappAccounts.phonenumber,
      owner: fullNameOf(whatsappAccounts.user_id),
    })
    .from(whatsappAccounts)
    .where(inArray(whatsappAccounts.id, ids));
}

/**
 * A statement's fragment, over the alias `a`: the ids of the accounts created before `before`, followed by
 * `rest` (more conditions, an order: account-loss's sample of the accounts kept).
 */
export const accountIdsCreatedBefore = (before: Date, rest: SQL): SQL =>
  sql`select a.id from ${whatsappAccounts} a where a.created_at < ${before.toISOString()} ${rest}`;

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
