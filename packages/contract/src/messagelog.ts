/** What the server checks of each call in messagelog-calls.ts: the shapes are the dashboard's (counters.ts, dashboard.ts). */
import { schemasOf } from './call-schemas.ts';
import { ZMessageLogCount, ZSuccessFail, ZTodayIncome } from './counters.ts';
import { ZBlastDaily, ZDailyQuery, ZIncomeDaily } from './dashboard.ts';
import type * as calls from './messagelog-calls.ts';
import { ZUserIdParams } from './users.ts';

export const MESSAGELOG_SCHEMAS = schemasOf<typeof calls>()(['counters'], {
  count: { params: ZUserIdParams, response: { 200: ZMessageLogCount } },
  todayIncome: { params: ZUserIdParams, response: { 200: ZTodayIncome } },
  incomeDaily: {
    summary: "A user's blast fees and referral shares per day in the business time zone, the last `days` days",
    params: ZUserIdParams,
    querystring: ZDailyQuery,
    response: { 200: ZIncomeDaily },
  },
  todayCount: { response: { 200: ZSuccessFail } },
  totalCount: { response: { 200: ZSuccessFail } },
  daily: {
    summary: "Every member's successful and failed blasts per day in the business time zone, the last `days` days",
    querystring: ZDailyQuery,
    response: { 200: ZBlastDaily },
  },
});
