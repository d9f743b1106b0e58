/**
 * Number checks on a budget (DESIGN §8 Account safety): a generator's or validator's checks go through its
 * owner's accounts that may check — connected, held by this worker, not restricted, warmed up by the send
 * rule (send-policy.ts) — each at most `lookups_per_hour` in any hour, the least used first. WhatsApp bans
 * accounts that look numbers up in bulk; one account walking a range at one check a second is exactly that.
 *
 * The window rolls (any 60 minutes, not clock hours): a clock hour lets an account spend its budget at 10:59
 * and again at 11:00. Each check takes a slot, a row of `number_checks`, just before it goes out, under a
 * lock per account and after counting the account's last hour again, so that two runs (on one worker or
 * two) can never both take the last slot, and a restart reads the count back. The slot is taken before the
 * question rather than with its answer because WhatsApp counts the question: a check that fails or a crash
 * in between costs a slot, and never lets one through uncounted.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { numberChecks, settings, whatsappAccounts } from '../../db/schema.ts';
import { readSettingsRow } from '../../db/settings-row.ts';
import { recordAccountEvent } from '../../rules/safety/account-events.ts';
import { DEFAULT_SAFETY } from '../../rules/safety/defaults.ts';
import {
  type PolicyClock,
  type SafetyCounters,
  type SafetySettings,
  sendPolicy,
} from '../../rules/safety/send-policy.ts';
import { SendError, type WaSession } from '../../wa/driver.ts';
import type { AccountRow } from '../account-read.ts';
import { canWork } from '../account-works.ts';
import { awaitReconnect, type RetryPace } from '../retry.ts';
import { restrictionsInARow, restrictionWait } from '../safety/restrict.ts';

export const LOOKUP_WINDOW_MS = 60 * 60 * 1000;
/** Checks are kept this long: the evidence of what an account did before a ban. */
const KEEP_MS = 48 * 60 * 60 * 1000;
/** pg_advisory_xact_lock's first key for an account's check slots (the second is the account's id). */
const SLOT_LOCK = 0x4e43;
/** The code a check answers with when its account's last slot went to another run meanwhile. */
export const BUDGET_SPENT = 'lookup-budget';

export const DEFAULT_LOOKUPS_PER_HOUR = settings.lookups_per_hour.default as number;

/** Why an account may not check now: not connected here, restricted by WhatsApp, paused for its health, or warming up. */
export type CheckerBar = 'away' | 'limited' | 'health' | 'warmup';

export function checkerBar(
  account: Pick<AccountRow, 'state' | 'suspended' | 'health_state'> & SafetyCounters,
  safety: SafetySettings,
  clock: PolicyClock,
): CheckerBar | null {
  if (!canWork(account)) return 'away';
  if (account.limited_until && account.limited_until > clock.now) return 'limited';
  // An account its own signals paused (health.ts) rests from checks as from sends.
  if (account.health_state === 'paused') return 'health';
  if (sendPolicy(account, safety, clock).warmup_day !== null) return 'warmup';
  return null;
}

/** An account that may check, with what it checked in the last hour. */
export interface CheckerUse {
  id: number;
  clientid: string;
  used: number;
  /** When its oldest check still counted against the budget leaves the window (null while under budget). */
  freesAt: Date | null;
}

/**
 * The accounts to try, least used first (the job's own first among equals), or why none may check now:
 * `quota` until the first slot frees, `none` when no account may check at all.
 */
export type CheckerChoice =
  | { kind: 'check'; order: CheckerUse[] }
  | { kind: 'quota'; resumeAt: Date }
  | { kind: 'none' };

export function chooseChecker(accounts: CheckerUse[], budget: number, ownId: number): CheckerChoice {
  if (accounts.length === 0) return { kind: 'none' };
  const open = accounts
    .filter((account) => account.used < budget)
    .sort((a, b) => a.used - b.used || Number(b.id === ownId) - Number(a.id === ownId) || a.id - b.id);
  if (open.length > 0) return { kind: 'check', order: open };
  const frees = accounts.map((account) => account.freesAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return { kind: 'quota', resumeAt: new Date(Math.min(...frees)) };
}

export interface BudgetDeps {
  db: Db;
  workerId: string;
  /** Whether this process holds the account's session. */
  holds: (clientid: string) => boolean;
  timeZone: string;
  now: () => Date;
}

/** The budget and the warm-up rule as the settings say now (the defaults before a settings row exists). */
async function budgetSettings(db: Db): Promise<{ budget: number; safety: SafetySettings }> {
  const row = await readSettingsRow(db);
  return { budget: row?.lookups_per_hour ?? DEFAULT_LOOKUPS_PER_HOUR, safety: row ?? DEFAULT_SAFETY };
}

/** Each account's checks in the window, and when the oldest one over the budget leaves it. */
async function usage(db: Db, accounts: AccountRow[], budget: number, now: Date): Promise<CheckerUse[]> {
  if (accounts.length === 0) return [];
  const since = new Date(now.getTime() - LOOKUP_WINDOW_MS).toISOString();
  const ids = accounts.map((account) => account.id);
  const result = await db.execute(sql`
    select a.id, u.used,
      (select c.checked_at from ${numberChecks} c where c.whatsapp_id = a.id and c.checked_at > ${since}
        order by c.checked_at offset greatest(u.used - ${budget}, 0) limit 1) as oldest
    from unnest(${sql.param(ids)}::int[]) as a(id)
    cross join lateral (select count(*)::int as used from ${numberChecks} c
      where c.whatsapp_id = a.id and c.checked_at > ${since}) u`);
  const { rows } = result as unknown as { rows: { id: number; used: number; oldest: string | Date | null }[] };
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return accounts.map((account) => {
    const row = byId.get(account.id);
    const used = Number(row?.used ?? 0);
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return {
      id: account.id,
      clientid: account.clientid,
      used,
      freesAt: used >= budget && oldest !== null ? new Date(oldest + LOOKUP_WINDOW_MS) : null,
    };
  });
}

/** Where the job's next check may go: the owner's accounts that may check, by what they checked lately. */
export async function findChecker(
  deps: BudgetDeps,
  job: { user_id: number; whatsapp_id: number },
): Promise<{ choice: CheckerChoice; budget: number }> {
  const { db, workerId } = deps;
  const now = deps.now();
  const { budget, safety } = await budgetSettings(db);
  const owned = await db
    .select()
    .from(whatsappAccounts)
    .where(and(eq(whatsappAccounts.user_id, job.user_id), eq(whatsappAccounts.owner_id, workerId)));
  const clock = { timeZone: deps.timeZone, now, enforce: true };
  const able = owned.filter((account) => deps.holds(account.clientid) && checkerBar(account, safety, clock) === null);
  return { choice: chooseChecker(await usage(db, able, budget, now), budget, job.whatsapp_id), budget };
}

/**
 * Takes one of the account's slots for a check going out now: false when the last hour's checks reached the
 * budget (another run took the last slot). Checks older than two days are dropped on the way.
 */
export async function takeSlot(db: Db, accountId: number, budget: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOOKUP_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${accountId})`);
    const [counted] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(numberChecks)
      .where(and(eq(numberChecks.whatsapp_id, accountId), sql`${numberChecks.checked_at} > ${since.toISOString()}`));
    if (Number(counted?.used ?? 0) >= budget) return false;
    await tx
      .delete(numberChecks)
      .where(
        and(
          eq(numberChecks.whatsapp_id, accountId),
          sql`${numberChecks.checked_at} < ${new Date(now.getTime() - KEEP_MS).toISOString()}`,
        ),
      );
    await tx.insert(numberChecks).values({ whatsapp_id: accountId, checked_at: now });
    return true;
  });
}

/** Who asks a round's question, and the question, which takes its account's slot as it goes out. */
export interface Checker {
  pace: RetryPace;
  ask: (number: string) => (session: WaSession) => ReturnType<WaSession['checkNumber']>;
  /**
   * Under the budget, a check WhatsApp answered with a restriction (463, or 429 rate-overlimit) cools its
   * account down (`limited_until`, restrict.ts), so that no check goes through it meanwhile; the job goes on.
   */
  coolDown?: (restriction: { code: string; until: Date | null; error: string }) => Promise<void>;
}

/**
 * The checker of a run's next round: the least used account that may check, its session paced as the run
 * paces its own (`run`, for the job's own account), or why none may check now. Should another run take that
 * account's last slot first, the question fails with BUDGET_SPENT, and the run's next round chooses again.
 */
export async function budgetedChecker(
  deps: Omit<BudgetDeps, 'holds'> & { sessionOf: (clientid: string) => WaSession | undefined },
  run: RetryPace,
  job: { user_id: number; whatsapp_id: number },
): Promise<Checker | Exclude<CheckerChoice, { kind: 'check' }>> {
  const { db, sessionOf } = deps;
  const { choice, budget } = await findChecker(
    { ...deps, holds: (clientid) => sessionOf(clientid) !== undefined },
    job,
  );
  if (choice.kind !== 'check') return choice;
  const [first] = choice.order as [CheckerUse];
  const pace: RetryPace =
    first.id === job.whatsapp_id
      ? run
      : {
          session: () => sessionOf(first.clientid),
          halted: () => run.halted(),
          sleep: (seconds) => run.sleep(seconds),
          attempting: (code) => run.attempting(code),
          reconnected: () => awaitReconnect(db, first.id, pace),
        };
  return {
    pace,
    ask: (number) => async (session) => {
      if (!(await takeSlot(db, first.id, budget, deps.now()))) {
        throw new SendError('restricted', BUDGET_SPENT, 'the account’s check budget is spent');
      }
      return session.checkNumber(number);
    },
    async coolDown(restriction) {
      const now = deps.now();
      // Longer with each restriction in a row, counted from the event log as the blast's are (restrict.ts).
      const inARow = await restrictionsInARow(db, first.id, restriction.code, now);
      const until = new Date(now.getTime() + restrictionWait(restriction, inARow, now.getTime()) * 1000);
      await db
        .update(whatsappAccounts)
        .set({ limited_until: until, last_error: restriction.error })
        .where(
          and(
            eq(whatsappAccounts.id, first.id),
            sql`(${whatsappAccounts.limited_until} is null or ${whatsappAccounts.limited_until} < ${until.toISOString()})`,
          ),
        );
      await recordAccountEvent(db, first.id, 'restricted', {
        code: restriction.code,
        detail: { until: until.toISOString(), in_a_row: inARow, check: true },
        at: now,
      });
    },
  };
}
