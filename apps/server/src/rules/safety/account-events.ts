/**
 * The account's event log (schema `account_events`, contract `account-events.ts`): written where the engine
 * learns what happened to an account, read for its health and for the timeline of a lost account. An event is
 * written after the change it reports, outside its transaction: one lost to a crash between the two costs an
 * explanation, never a send or a rupiah.
 */
import type { TAccountEventKind } from '@sewablast/contract/account-events';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { type Db, FOREIGN_KEY_VIOLATION, sqlState } from '../../db/client.ts';
import { accountEvents, whatsappAccounts } from '../../db/schema.ts';
import { PROVEN_KEPT } from './proven-cap.ts';

/** Long enough for a week's trend and the 48 hours before a ban, with room for a late look. */
export const ACCOUNT_EVENTS_KEEP_DAYS = 14;
const PRUNE_BATCH = 5000;
const PRUNE_ROUNDS = 20;

export interface AccountEventInput {
  code?: string | null;
  detail?: Record<string, unknown> | null;
  at?: Date;
}

export type AccountEvent = typeof accountEvents.$inferSelect;

/** Kinds that lower an account's health: its health is due again at once (engine/safety/health-read.ts). */
const HEALTH_SIGNALS: ReadonlySet<TAccountEventKind> = new Set([
  'restricted',
  'disconnected',
  'temp_banned',
  'suspended',
]);

export async function recordAccountEvent(
  db: Db,
  accountId: number,
  kind: TAccountEventKind,
  { code = null, detail = null, at }: AccountEventInput = {},
): Promise<void> {
  try {
    await db.insert(accountEvents).values({ account_id: accountId, kind, code, detail, ...(at ? { at } : {}) });
    const kept = PROVEN_KEPT[kind];
    if (HEALTH_SIGNALS.has(kind)) {
      // A restriction also takes back what the account had proven, and spoils its day (proven-cap.ts).
      const proven =
        kept === undefined
          ? {}
          : {
              proven_days: sql`floor(${whatsappAccounts.proven_days} * ${kept}::numeric)::int`,
              restricted_at: at ?? sql`now()`,
            };
      await db
        .update(whatsappAccounts)
        .set({ health_at: null, ...proven })
        .where(eq(whatsappAccounts.id, accountId));
    }
  } catch (error) {
    // The account was removed meanwhile (a link given up, a member's removal): there is nobody left to explain.
    if (sqlState(error) !== FOREIGN_KEY_VIOLATION) throw error;
  }
}

/** The account's events since `since`, oldest first. */
export async function accountEventsSince(db: Db, accountId: number, since: Date): Promise<AccountEvent[]> {
  return db
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.account_id, accountId), gte(accountEvents.at, since)))
    .orderBy(asc(accountEvents.at), asc(accountEvents.id));
}

/** Deletes events older than ACCOUNT_EVENTS_KEEP_DAYS, a batch at a time (the host's housekeeping round). */
export async function pruneAccountEvents(db: Db): Promise<void> {
  const expired = lt(accountEvents.at, sql`now() - make_interval(days => ${ACCOUNT_EVENTS_KEEP_DAYS})`);
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const batch = db.select({ id: accountEvents.id }).from(accountEvents).where(expired).limit(PRUNE_BATCH);
    const deleted = await db
      .delete(accountEvents)
      .where(sql`${accountEvents.id} in (${batch})`)
      .returning({ id: accountEvents.id });
    if (deleted.length < PRUNE_BATCH) return;
  }
}
