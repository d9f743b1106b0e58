/**
 * /api/admin/withdraw (spec part 2 §7), one line per call (call.ts): a user's figures and history, open to
 * the user and to staff, admins and devs (ownership in the service); every member's totals and the decisions
 * for the back office; requests for members and devs (the /withdraw screen's roles). Schemas: withdraw.ts.
 * Types only from zod: nothing of it loads with this module.
 */
import type { z } from 'zod';
import type { ZAcceptedExportQuery } from './audit.ts';
import type { Call } from './call.ts';
import type { TBalance } from './counters.ts';
import type { TPaidDaily, ZDailyQuery } from './dashboard.ts';
import type { ZUserIdParams } from './users.ts';
import type {
  TWithdrawAnswer,
  TWithdrawIncome,
  TWithdrawList,
  TWithdrawPage,
  TWithdrawSummary,
  TWithdrawTotal,
  ZWithdrawPageQuery,
  ZWithdrawRequest,
  ZWithdrawUpdate,
} from './withdraw.ts';
import { EXPORT_TEXT, WITHDRAW_TEXT } from './withdraw-text.ts';

export const area = '/api/admin/withdraw';
const FAILURES = [400, 401, 403, 404] as const;
type OfUser<Answer> = Call<{ params: z.input<typeof ZUserIdParams>; answer: Answer }>;

export const balance: OfUser<TBalance> = {
  method: 'GET',
  path: `${area}/balance/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const income: OfUser<TWithdrawIncome> = {
  method: 'GET',
  path: `${area}/income/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const summary: OfUser<TWithdrawSummary> = {
  method: 'GET',
  path: `${area}/summary/:id`,
  access: 'everyone',
  errors: FAILURES,
  fallback: WITHDRAW_TEXT.requestFailed,
};
export const totalRequested: OfUser<TWithdrawTotal> = {
  method: 'GET',
  path: `${area}/total-requested/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const totalAccepted: OfUser<TWithdrawTotal> = {
  method: 'GET',
  path: `${area}/total-accepted/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const totalToday: Call<{ answer: TWithdrawTotal }> = {
  method: 'GET',
  path: `${area}/total-today`,
  access: 'backOffice',
  errors: FAILURES,
};
export const totalAll: Call<{ answer: TWithdrawTotal }> = {
  method: 'GET',
  path: `${area}/total-all`,
  access: 'backOffice',
  errors: FAILURES,
};
export const paidDaily: Call<{ query: z.input<typeof ZDailyQuery>; answer: TPaidDaily }> = {
  method: 'GET',
  path: `${area}/paid-daily`,
  access: 'managers',
  errors: FAILURES,
};
export const history: OfUser<TWithdrawList> = {
  method: 'GET',
  path: `${area}/history/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const histories: Call<{ answer: TWithdrawList }> = {
  method: 'GET',
  path: `${area}/histories`,
  access: 'backOffice',
  errors: FAILURES,
};
export const page: Call<{ query: z.input<typeof ZWithdrawPageQuery>; answer: TWithdrawPage }> = {
  method: 'GET',
  path: `${area}/histories-per-page`,
  access: 'everyone',
  errors: FAILURES,
  fallback: WITHDRAW_TEXT.requestFailed,
};
/** A 400 may carry `code: 1` (TWithdrawFailure); the caller sends an `Idempotency-Key`. */
export const request: Call<{ body: z.input<typeof ZWithdrawRequest>; answer: TWithdrawAnswer }> = {
  method: 'POST',
  path: `${area}/request`,
  access: 'withdraw',
  errors: [400, 401, 403, 404, 409, 422],
  fallback: WITHDRAW_TEXT.requestWithdrawFailed,
};
export const update: Call<{ body: z.input<typeof ZWithdrawUpdate>; answer: TWithdrawAnswer }> = {
  method: 'PUT',
  path: `${area}/update`,
  access: 'backOffice',
  errors: [...FAILURES, 409],
  fallback: WITHDRAW_TEXT.updateWithdrawFailed,
};
/** The finance export, text/csv: every member's bank account at once, so admins and devs only. */
export const exportAccepted: Call<{ query: z.input<typeof ZAcceptedExportQuery>; answer: string }> = {
  method: 'GET',
  path: `${area}/export-accepted`,
  access: 'managers',
  errors: [400, 401, 403],
  fallback: EXPORT_TEXT.failed,
};
