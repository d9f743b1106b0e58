/**
 * Withdrawals (spec part 2 §7, DESIGN §5.5): a member reads and requests their own; staff, admins and devs
 * read every member's and decide. Money moves only in `ledger/withdraw.ts`, under the user's lock.
 */

import type { TPaidDaily } from '@sewablast/contract/dashboard';
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import type {
  TWithdraw,
  TWithdrawAnswer,
  TWithdrawFailure,
  TWithdrawPage,
  TWithdrawPageQuery,
  TWithdrawRequest,
  TWithdrawUpdate,
} from '@sewablast/contract/withdraw';
import {
  BANK_CHANGE_FLAG_HOURS,
  type TWithdrawStatus,
  WITHDRAW_DECISION_TEXT,
  WITHDRAW_TEXT,
} from '@sewablast/contract/withdraw-text';
import { and, desc, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawalEvents, withdrawals } from '../../db/schema.ts';
import { type BalanceSummary, balanceOf, incomeSince, summaryOf } from '../../ledger/balance.ts';
import { moneyTransaction } from '../../ledger/transaction.ts';
import { decideWithdrawal, requestWithdrawal, type WithdrawalRow } from '../../ledger/withdraw.ts';
import { requireAccess, seesAll, visibleRows } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { startOfBusinessDay } from '../../lib/business-day.ts';
import { dailyWindow } from '../../lib/daily-series.ts';
import { type Answer, answerOnce, type KeptStatus } from '../../lib/idempotency.ts';
import { paged } from '../../lib/paging.ts';
import { type MemberNames, memberMatches, memberMatchReads, memberNames } from '../users/names.ts';

/** Who reads every member's withdrawals and decides them. */
const DECIDERS = 'backOffice';
/** The unpaged lists answer the newest rows only; the screens page with histories-per-page. */
const LIST_CAP = 1000;

const FLAG_MS = BANK_CHANGE_FLAG_HOURS * 60 * 60 * 1000;

/** Requested within a day of a bank account change: the payout may be going to a thief's account. */
const soonAfterBankChange = (row: WithdrawalRow) =>
  row.bank_changed_at !== null && row.created_at.getTime() - row.bank_changed_at.getTime() < FLAG_MS;

function present(row: WithdrawalRow, names: MemberNames, cancelReasons = new Map<number, string>()): TWithdraw {
  const name = names.get(row.user_id);
  return {
    id: row.id,
    user_id: row.user_id,
    nominal: row.nominal,
    status: row.status as TWithdrawStatus,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    cancelReason: cancelReasons.get(row.id) ?? null,
    recentBankChange: soonAfterBankChange(row),
    User: {
      firstname: name?.firstname ?? '',
      lastname: name?.lastname ?? '',
      account_bank: row.bank,
      account_number: row.account_number,
      account_name: row.account_name,
    },
  };
}

export type RequestAnswer = Answer<TWithdrawAnswer, TWithdrawFailure>;

export interface WithdrawOptions {
  /** Whether a member's email must be confirmed before they withdraw: only when the server mails. */
  confirmEmails?: boolean;
  keptStatus: KeptStatus;
}

export function createWithdrawService(
  db: Db,
  timeZone: string,
  { confirmEmails = false, keptStatus }: WithdrawOptions,
) {
  /** The reason of each withdrawal's latest payout cancel, for the rows that had one. */
  async function cancelReasonsOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([withdrawalEvents.withdrawal_id], {
        id: withdrawalEvents.withdrawal_id,
        reason: withdrawalEvents.reason,
      })
      .from(withdrawalEvents)
      .where(and(inArray(withdrawalEvents.withdrawal_id, ids), isNotNull(withdrawalEvents.reason)))
      .orderBy(withdrawalEvents.withdrawal_id, desc(withdrawalEvents.id));
    return new Map(rows.map((row) => [row.id, row.reason ?? '']));
  }

  async function presentAll(rows: WithdrawalRow[]): Promise<TWithdraw[]> {
    const ids = rows.map((row) => row.id);
    const [names, reasons] = await Promise.all([
      memberNames(
        db,
        rows.map((row) => row.user_id),
      ),
      cancelReasonsOf(ids),
    ]);
    return rows.map((row) => present(row, names, reasons));
  }

  async function sumNominal(where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.nominal}), 0)` })
      .from(withdrawals)
      .where(where);
    return Number(row?.total ?? 0);
  }

  async function listWhere(where: SQL | undefined): Promise<TWithdraw[]> {
    const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(LIST_CAP);
    return presentAll(rows);
  }

  const mustSee = (actor: Actor, userId: number) => requireAccess(actor, { owner: userId, managedBy: DECIDERS });

  return {
    async balance(actor: Actor, userId: number): Promise<number> {
      mustSee(actor, userId);
      return balanceOf(db, userId);
    },

    /** What the user earned, blast fees and referral shares, since the start. */
    async income(actor: Actor, userId: number): Promise<number> {
      mustSee(actor, userId);
      return incomeSince(db, userId);
    },

    /** The balance and what makes it up (income, referral shares, bonuses, open and paid withdrawals). */
    async summary(actor: Actor, userId: number): Promise<BalanceSummary> {
      mustSee(actor, userId);
      return summaryOf(db, userId);
    },

    async totalOf(actor: Actor, userId: number, status: TWithdrawStatus): Promise<number> {
      mustSee(actor, userId);
      return sumNominal(and(eq(withdrawals.user_id, userId), eq(withdrawals.status, status)));
    },

    /** Money paid out: accepted withdrawals, all of them or those accepted since the start of today. */
    async totalPaidOut(actor: Actor, today: boolean): Promise<number> {
      requireAccess(actor, { group: DECIDERS });
      const accepted = eq(withdrawals.status, 'accepted');
      return sumNominal(today ? and(accepted, gte(withdrawals.decided_at, startOfBusinessDay(timeZone))) : accepted);
    },

    /** Money paid out per business day, the last `days` days: accepted withdrawals by the day of acceptance. */
    async paidDaily(actor: Actor, days: number, now = new Date()): Promise<TPaidDaily> {
      requireAccess(actor, { group: 'managers' });
      const window = dailyWindow(timeZone, days, now);
      const rows = await db
        .select({
          day: window.dayOf(withdrawals.decided_at),
          total: sql<number>`coalesce(sum(${withdrawals.nominal}), 0)`.mapWith(Number),
        })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'accepted'), window.since(withdrawals.decided_at)))
        .groupBy(sql`1`);
      return { list: window.fill(rows, { total: 0 }) };
    },

    async history(actor: Actor, userId: number): Promise<TWithdraw[]> {
      mustSee(actor, userId);
      return listWhere(eq(withdrawals.user_id, userId));
    },

    async histories(actor: Actor): Promise<TWithdraw[]> {
      requireAccess(actor, { group: DECIDERS });
      return listWhere(undefined);
    },

    /** A page of withdrawals: a member's own; anyone's (or `user_id`'s) for staff, admins and devs. */
    async page(actor: Actor, query: TWithdrawPageQuery): Promise<TWithdrawPage> {
      const where = and(
        visibleRows(actor, withdrawals.user_id, query.user_id, DECIDERS),
        query.status ? eq(withdrawals.status, query.status) : undefined,
        memberMatches(withdrawals.user_id, query.search, true),
      );
      return paged(
        db,
        query,
        {
          table: withdrawals,
          where,
          orderBy: [desc(withdrawals.id)],
          keyset: { columns: [withdrawals.id], desc: true },
          reads: memberMatchReads(query.search),
        },
        presentAll,
      );
    },

    /**
     * A request, answered as body and refusal code so that the answer can be kept for its `Idempotency-Key`:
     * refusals are answers too, and a repeat of a refused key is refused alike.
     */
    async request(actor: Actor, input: TWithdrawRequest, key: string | undefined): Promise<RequestAnswer> {
      const userId = input.userId ?? actor.id;
      requireAccess(actor, { group: 'withdraw', owner: userId });
      return moneyTransaction(
        db,
        userId,
        (tx, user) => {
          // Refused before the key is kept: once the address is confirmed, the same key asks again.
          if (confirmEmails && !user.email_confirmed) throw forbidden(EMAIL_CONFIRM_TEXT.withdrawBlocked);
          return answerOnce<TWithdrawAnswer, TWithdrawFailure>(
            tx,
            keptStatus,
            actor.id,
            { key, operation: 'withdraw.request', body: { nominal: input.nominal, userId } },
            async () => {
              try {
                const row = await requestWithdrawal(tx, user, input.nominal);
                return { body: { msg: WITHDRAW_TEXT.requested, data: present(row, new Map([[user.id, user]])) } };
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                // The one field a refusal here may carry: `code: 1`, bank details missing (ledger/withdraw.ts).
                const code = error.answer.fields?.code === 1 ? { code: 1 as const } : {};
                return { refused: error.code, body: { ...code, msg: error.message } };
              }
            },
          );
        },
        () => {
          throw notFound(WITHDRAW_TEXT.notFound);
        },
      );
    },

    /**
     * Terima, Tolak or Batalkan; asking for the status a withdrawal already has changes nothing. Staff cancel
     * rejections only: taking back a paid (accepted) withdrawal is for admins and devs, with a reason.
     */
    async update(actor: Actor, input: TWithdrawUpdate): Promise<TWithdrawAnswer> {
      requireAccess(actor, { group: DECIDERS });
      const [found] = await db
        .select({ user_id: withdrawals.user_id })
        .from(withdrawals)
        .where(eq(withdrawals.id, input.id));
      if (!found) throw notFound(WITHDRAW_TEXT.notFound);
      const { row } = await moneyTransaction(
        db,
        found.user_id,
        (tx, user) =>
          decideWithdrawal(tx, user, input.id, {
            status: input.status,
            actorId: actor.id,
            mayCancelPayout: seesAll(actor, 'managers'),
            reason: input.reason,
          }),
        () => {
          throw notFound(WITHDRAW_TEXT.notFound);
        },
      );
      return {
        msg: WITHDRAW_DECISION_TEXT[row.status as TWithdrawStatus],
        data: (await presentAll([row]))[0] as TWithdraw,
      };
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
