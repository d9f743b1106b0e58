/**
 * /api/admin/messagelog (call.ts): a user's blast counts, today's income and income per day (anyone signed in,
 * ownership in the service); the service-wide counts for admins and devs, as only the admin dashboard shows
 * them. Schemas: messagelog.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TMessageLogCount, TSuccessFail, TTodayIncome } from './counters.ts';
import type { TBlastDaily, TIncomeDaily, ZDailyQuery } from './dashboard.ts';
import type { ZUserIdParams } from './users.ts';

export const area = '/api/admin/messagelog';
const FAILURES = [400, 401, 403] as const;
type OfUser = z.input<typeof ZUserIdParams>;
type Days = z.input<typeof ZDailyQuery>;

export const count: Call<{ params: OfUser; answer: TMessageLogCount }> = {
  method: 'GET',
  path: `${area}/count/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const todayIncome: Call<{ params: OfUser; answer: TTodayIncome }> = {
  method: 'GET',
  path: `${area}/today-income/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const incomeDaily: Call<{ params: OfUser; query: Days; answer: TIncomeDaily }> = {
  method: 'GET',
  path: `${area}/income-daily/:id`,
  access: 'everyone',
  errors: FAILURES,
};
export const todayCount: Call<{ answer: TSuccessFail }> = {
  method: 'GET',
  path: `${area}/today-count`,
  access: 'managers',
  errors: FAILURES,
};
export const totalCount: Call<{ answer: TSuccessFail }> = {
  method: 'GET',
  path: `${area}/total-count`,
  access: 'managers',
  errors: FAILURES,
};
export const daily: Call<{ query: Days; answer: TBlastDaily }> = {
  method: 'GET',
  path: `${area}/daily`,
  access: 'managers',
  errors: FAILURES,
};
