/**
 * The money rules of withdrawals (DESIGN §5.5), inside a transaction that holds the user's lock
 * (`moneyTransaction`): a request holds its amount, a rejection releases it, cancelling a rejection holds it
 * again when the balance still allows, acceptance moves nothing. Cancelling an acceptance moves nothing
 * either, but says the transfer did not happen or was returned (a later rejection gives the money back): only
 * a caller the service lets cancel payouts may, and with a reason kept on the change. Every check runs before
 * the first write, so that a refusal leaves the transaction clean.
 */
import { type TWithdrawStatus, WITHDRAW_MIN, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ledgerEntries, withdrawalEvents, withdrawals } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/app-error.ts';
import { recordAudit } from '../lib/audit.ts';
import type { LockedUser } from './transaction.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The answer's `code: 1` tells the client to send the member to their profile's bank details. */
const bankDetailsMissing = () =>
  new AppError('invalid', WITHDRAW_TEXT.bankDetailsMissing, undefined, { fields: { code: 1 } });

function bankDetailsOf(user: LockedUser) {
  const bank = user.account_bank?.trim();
  const number = user.account_number?.trim();
  const name = user.account_name?.trim();
  if (!bank || !number || !name) throw bankDetailsMissing();
  return { bank, account_number: number, account_name: name };
}

export async function requestWithdrawal(tx: Tx, user: LockedUser, nominal: number): Promise<WithdrawalRow> {
  if (!Number.isSafeInteger(nominal) || nominal < WITHDRAW_MIN) throw badRequest(WITHDRAW_TEXT.minimum);
  const bank = bankDetailsOf(user);
  if (nominal > user.balance) throw conflict(WITHDRAW_TEXT.overBalance);
  const [row] = await tx
    .insert(withdrawals)
    .values({ user_id: user.id, nominal, status: 'requested', ...bank, bank_changed_at: user.bank_changed_at })
    .returning();
  if (!row) throw new Error('withdrawal not written');
  await tx
    .insert(ledgerEntries)
    .values({ user_id: user.id, kind: 'withdraw_hold', amount: -nominal, ref_table: 'withdrawals', ref_id: row.id });
  return row;
}

type Move = 'nothing' | 'release' | 'hold';

/** The audit action of a decision, by the status it leads to; a paid one taken back has its own. */
const AUDIT_ACTION = {
  accepted: 'withdraw.accepted',
  rejected: 'withdraw.rejected',
  requested: 'withdraw.cancelled',
} as const;
const PAYOUT_CANCELLED = 'withdraw.payout_cancelled';

/** The transitions of spec part 2 §4; any other pair must go through `requested` (Batalkan) first. */
const MOVES: Partial<Record<`${TWithdrawStatus}>${TWithdrawStatus}`, Move>> = {
  'requested>accepted': 'nothing',
  'requested>rejected': 'release',
  'accepted>requested': 'nothing',
  'rejected>requested': 'hold',
};

export interface DecisionInput {
  status: TWithdrawStatus;
  actorId: number;
  /** Whether the caller may take back a paid (accepted) withdrawal; the service decides by role. */
  mayCancelPayout: boolean;
  /** Why a payout is taken back: required for accepted → requested, ignored elsewhere. */
  reason?: string | undefined;
}

export interface Decision {
  row: WithdrawalRow;
  /** False when the withdrawal already had the status asked for: nothing was written. */
  changed: boolean;
}

/** Moves withdrawal `id` of the locked `user` to `status`, with the ledger entry that move needs. */
export async function decideWithdrawal(
  tx: Tx,
  user: LockedUser,
  id: number,
  { status, actorId, mayCancelPayout, reason }: DecisionInput,
): Promise<Decision> {
  const [current] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.user_id, user.id)))
    .for('update');
  if (!current) throw notFound(WITHDRAW_TEXT.notFound);
  const from = current.status as TWithdrawStatus;
  if (from === status) return { row: current, changed: false };
  const move = MOVES[`${from}>${status}`];
  if (!move) throw conflict(WITHDRAW_TEXT.badTransition);
  const payoutCancel = from === 'accepted' && status === 'requested';
  if (payoutCancel && !mayCancelPayout) throw forbidden(WITHDRAW_TEXT.cancelPaidManagersOnly);
  if (payoutCancel && !reason)
    throw badRequest(WITHDRAW_TEXT.cancelReasonRequired, { reason: WITHDRAW_TEXT.cancelReasonRequired });
  const kept = payoutCancel ? (reason ?? null) : null;
  if (move === 'hold' && current.nominal > user.balance) throw conflict(WITHDRAW_TEXT.cancelOverBalance);

  const decided =
    status === 'requested' ? { decided_by: null, decided_at: null } : { decided_by: actorId, decided_at: new Date() };
  const [row] = await tx
    .update(withdrawals)
    .set({ status, ...decided })
    .where(eq(withdrawals.id, id))
    .returning();
  const [event] = await tx
    .insert(withdrawalEvents)
    .values({ withdrawal_id: id, from_status: from, to_status: status, actor_id: actorId, reason: kept })
    .returning({ id: withdrawalEvents.id });
  if (!row || !event) throw new Error('withdrawal decision not written');
  if (move !== 'nothing') {
    await tx.insert(ledgerEntries).values({
      user_id: user.id,
      kind: move === 'hold' ? 'withdraw_hold' : 'withdraw_release',
      amount: move === 'hold' ? -current.nominal : current.nominal,
      ref_table: 'withdrawal_events',
      ref_id: event.id,
    });
  }
  const audited = { user_id: user.id, nominal: current.nominal };
  await recordAudit(tx, {
    actorId,
    action: payoutCancel ? PAYOUT_CANCELLED : AUDIT_ACTION[status],
    table: 'withdrawals',
    id,
    before: { ...audited, status: from },
    after: { ...audited, status, ...(kept ? { reason: kept } : {}) },
  });
  return { row, changed: true };
}
