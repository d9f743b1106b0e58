/** Withdrawals (spec part 2 §3, §4, §5, §7; DESIGN §5.5): the calls' shapes, and the texts of withdraw-text.ts. */
import { z } from 'zod';
import { ZAcceptedExportQuery } from './audit.ts';
import { schemasOf } from './call-schemas.ts';
import { ZBalance } from './counters.ts';
import { ZDailyQuery, ZPaidDaily } from './dashboard.ts';
import { ZErrorResponse } from './errors.ts';
import { MONEY_MAX, wholeNumber } from './numbers.ts';
import { pageOf, ZId, ZPageQuery } from './paging.ts';
import { ZUserIdParams } from './users.ts';
import type * as calls from './withdraw-calls.ts';
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  WITHDRAW_MIN,
  WITHDRAW_STATUSES,
  WITHDRAW_TEXT,
} from './withdraw-text.ts';

const ZNominal = wholeNumber(WITHDRAW_MIN, MONEY_MAX, WITHDRAW_TEXT.minimum);

/** `userId` is the caller unless a dev asks for somebody else. */
export const ZWithdrawRequest = z.object({ nominal: ZNominal, userId: ZId.optional() });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

const reason = { error: WITHDRAW_TEXT.cancelReasonRequired };
/** Why a payout is cancelled: required to cancel an accepted withdrawal, kept with the change. */
export const ZCancelReason = z.string(reason).trim().min(CANCEL_REASON_MIN, reason).max(CANCEL_REASON_MAX, reason);

/**
 * Terima → accepted, Tolak → rejected, Batalkan → requested again. Cancelling an accepted (paid) one says the
 * transfer did not happen or was returned: admins and devs only, with `reason`.
 */
export const ZWithdrawUpdate = z.object({
  id: ZId,
  status: z.enum(WITHDRAW_STATUSES),
  reason: ZCancelReason.optional(),
});
export type TWithdrawUpdate = z.infer<typeof ZWithdrawUpdate>;

export const ZWithdraw = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  nominal: z.number().int(),
  status: z.enum(WITHDRAW_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why its payout was last cancelled (accepted → requested), or null when it never was. */
  cancelReason: z.string().nullable(),
  /** True when the member changed their bank account within BANK_CHANGE_FLAG_HOURS before requesting. */
  recentBankChange: z.boolean(),
  /** The bank details as they were when the request was made. */
  User: z.object({
    firstname: z.string(),
    lastname: z.string(),
    account_bank: z.string(),
    account_number: z.string(),
    account_name: z.string(),
  }),
});
export type TWithdraw = z.infer<typeof ZWithdraw>;

export const ZWithdrawAnswer = z.object({ msg: z.string(), data: ZWithdraw });
export type TWithdrawAnswer = z.infer<typeof ZWithdrawAnswer>;

/** A refused request: `code: 1` when the bank details are missing (the client then opens /profile?edit=1). */
export const ZWithdrawFailure = ZErrorResponse.extend({ code: z.literal(1).optional() });
export type TWithdrawFailure = z.infer<typeof ZWithdrawFailure>;

export const ZWithdrawIncome = z.object({ income: z.number().int() });
export type TWithdrawIncome = z.infer<typeof ZWithdrawIncome>;
export const ZWithdrawTotal = z.object({ total: z.number().int() });
export type TWithdrawTotal = z.infer<typeof ZWithdrawTotal>;
/**
 * What a user's balance is made of, read in one statement so that the lines add up:
 * blastIncome + referral + bonus − requested − accepted = balance. `bonus` is net of revoked bonuses;
 * `requested` and `accepted` are the amounts the open and the paid withdrawals hold.
 */
export const ZWithdrawSummary = z.object({
  balance: z.number().int(),
  blastIncome: z.number().int(),
  referral: z.number().int(),
  bonus: z.number().int(),
  requested: z.number().int(),
  accepted: z.number().int(),
});
export type TWithdrawSummary = z.infer<typeof ZWithdrawSummary>;
export const ZWithdrawList = z.object({ list: z.array(ZWithdraw) });
export type TWithdrawList = z.infer<typeof ZWithdrawList>;

export const ZWithdrawPageQuery = ZPageQuery.extend({
  user_id: ZId.optional(),
  status: z.enum(WITHDRAW_STATUSES).optional(),
});
export type TWithdrawPageQuery = z.infer<typeof ZWithdrawPageQuery>;
export const ZWithdrawPage = pageOf(ZWithdraw);
export type TWithdrawPage = z.infer<typeof ZWithdrawPage>;

/** The longest `Idempotency-Key` header kept. */
export const IDEMPOTENCY_KEY_MAX = 200;

const ofUser = <Answer extends z.ZodType>(answer: Answer) => ({ params: ZUserIdParams, response: { 200: answer } });

/** What the server checks of each call in withdraw-calls.ts. */
export const WITHDRAW_SCHEMAS = schemasOf<typeof calls>()(['withdraw'], {
  balance: ofUser(ZBalance),
  income: ofUser(ZWithdrawIncome),
  summary: {
    summary: 'The balance and its parts, which add up to it: blast income, referral shares, bonuses, withdrawals',
    ...ofUser(ZWithdrawSummary),
  },
  totalRequested: ofUser(ZWithdrawTotal),
  totalAccepted: ofUser(ZWithdrawTotal),
  totalToday: { summary: 'Accepted withdrawals of every member', response: { 200: ZWithdrawTotal } },
  totalAll: { summary: 'Accepted withdrawals of every member', response: { 200: ZWithdrawTotal } },
  paidDaily: {
    summary: 'Accepted withdrawals summed per day of acceptance in the business time zone, the last `days` days',
    querystring: ZDailyQuery,
    response: { 200: ZPaidDaily },
  },
  history: ofUser(ZWithdrawList),
  histories: { response: { 200: ZWithdrawList } },
  page: {
    summary: "A page of withdrawals: a member's own; anyone's (user_id) for staff, admins and devs",
    querystring: ZWithdrawPageQuery,
    response: { 200: ZWithdrawPage },
  },
  request: {
    summary:
      'Holds the amount from the balance; a repeated Idempotency-Key answers as the first time, and the key with another body or call is a 422',
    body: ZWithdrawRequest,
    response: { 200: ZWithdrawAnswer, 400: ZWithdrawFailure },
  },
  update: { body: ZWithdrawUpdate, response: { 200: ZWithdrawAnswer } },
  exportAccepted: {
    summary:
      'Accepted withdrawals decided from `from` to `to` (whole business days), and payouts taken back in them, as text/csv',
    querystring: ZAcceptedExportQuery,
    response: {
      200: z
        .string()
        .describe(
          'text/csv: member,bank,account_number,account_name,amount,decided_at,status,note (status accepted, or payout_cancelled with its reason)',
        ),
    },
  },
});
