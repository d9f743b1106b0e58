/**
 * How long a blast waits when WhatsApp restricts its account: until the end WhatsApp told (its reach-out
 * timelock), else for a cool-down that doubles with each restriction in a row: from 1 minute up to 30 after
 * a 429 rate-overlimit, from 30 minutes up to 4 hours after a 463 of unknown cause. "In a row" is read from the
 * account's event log, so that a restart or a takeover does not start the growth over.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountEvents, messageLogs } from '../../db/schema.ts';
import { recordAccountEvent } from '../../rules/safety/account-events.ts';
import { RATE_LIMITED } from '../../rules/safety/health.ts';
import type { AccountRow } from '../account-read.ts';
import { setBlastAccount } from '../blast/blast-rows.ts';

export const COOL_DOWN_S = 60;
export const COOL_DOWN_MAX_S = 30 * 60;
export const RESTRICTED_WAIT_S = 30 * 60;
export const RESTRICTED_MAX_WAIT_S = 4 * 60 * 60;

/** Seconds to wait after the `inARow`th restriction in a row (1 the first), at `now` (ms). */
export function restrictionWait(
  restriction: { code: string; until: Date | null },
  inARow: number,
  now: number,
): number {
  if (restriction.until) return Math.max(1, Math.ceil((restriction.until.getTime() - now) / 1000));
  const [first, most] =
    restriction.code === RATE_LIMITED ? [COOL_DOWN_S, COOL_DOWN_MAX_S] : [RESTRICTED_WAIT_S, RESTRICTED_MAX_WAIT_S];
  return Math.min(most, first * 2 ** Math.min(inARow - 1, 20));
}

/** Restrictions older than this no longer count toward the next cool-down (longer than the longest wait). */
export const RESTRICTION_MEMORY_MS = 6 * 60 * 60 * 1000;

/**
 * Which restriction in a row one with `code` met at `now` is (1 the first): one more than those in the account's
 * event log since its last successful send, within RESTRICTION_MEMORY_MS.
 */
export async function restrictionsInARow(db: Db, accountId: number, code: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - RESTRICTION_MEMORY_MS);
  const lastSuccess = db
    .select({ at: messageLogs.sent_at })
    .from(messageLogs)
    .where(
      and(eq(messageLogs.whatsapp_id, accountId), eq(messageLogs.status, 'success'), gt(messageLogs.sent_at, since)),
    )
    .orderBy(desc(messageLogs.sent_at))
    .limit(1);
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.account_id, accountId),
        eq(accountEvents.kind, 'restricted'),
        eq(accountEvents.code, code),
        gt(accountEvents.at, sql`greatest(${since.toISOString()}::timestamptz, (${lastSuccess}))`),
      ),
    );
  return (row?.count ?? 0) + 1;
}

/**
 * A restriction a blast met at `now`: its wait (restrictionWait, the restrictions in a row read from the event
 * log) and its end, written on the account's row with WhatsApp's error and logged as an event.
 */
export async function beginRestriction(
  db: Db,
  workerId: string,
  accountId: number,
  restriction: { code: string; until: Date | null; error: string },
  now: Date,
): Promise<{ seconds: number; until: Date; row: AccountRow | undefined }> {
  const inARow = await restrictionsInARow(db, accountId, restriction.code, now);
  const seconds = restrictionWait(restriction, inARow, now.getTime());
  const until = restriction.until ?? new Date(now.getTime() + seconds * 1000);
  const row = await setBlastAccount(db, workerId, accountId, { limited_until: until, last_error: restriction.error });
  await recordAccountEvent(db, accountId, 'restricted', {
    code: restriction.code,
    detail: { until: until.toISOString(), in_a_row: inARow },
    at: now,
  });
  return { seconds, until, row };
}
