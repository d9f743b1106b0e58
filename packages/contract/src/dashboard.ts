/**
 * The dashboards' daily series, which the spec leaves to us: the admin's two charts (blasts and money paid
 * out per day in the business time zone) and the member's income per day; the texts are in dashboard-text.ts.
 */
import { z } from 'zod';
import { DAILY_DEFAULT_DAYS, DAILY_MAX_DAYS, DASHBOARD_TEXT } from './dashboard-text.ts';
import { wholeNumber } from './numbers.ts';

export { DAILY_DEFAULT_DAYS, DAILY_MAX_DAYS, DASHBOARD_TEXT } from './dashboard-text.ts';

export const ZDailyQuery = z.object({
  days: wholeNumber(1, DAILY_MAX_DAYS, DASHBOARD_TEXT.badDays).default(DAILY_DEFAULT_DAYS),
});
export type TDailyQuery = z.infer<typeof ZDailyQuery>;

/** A calendar day in the business time zone, `YYYY-MM-DD`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Every day of the window, oldest first, days without a blast at 0. */
export const ZBlastDaily = z.object({
  list: z.array(z.object({ day: ZDay, success: z.number().int(), fail: z.number().int() })),
});
export type TBlastDaily = z.infer<typeof ZBlastDaily>;

/** Every day of the window, oldest first: the accepted withdrawals' sum by the day they were accepted. */
export const ZPaidDaily = z.object({ list: z.array(z.object({ day: ZDay, total: z.number().int() })) });
export type TPaidDaily = z.infer<typeof ZPaidDaily>;

/**
 * A member's income per business day, oldest first, every day of the window: blast fees and referral shares
 * as the ledger credited them (their sum on today's entry is 'Pendapatan Hari Ini').
 */
export const ZIncomeDaily = z.object({
  list: z.array(z.object({ day: ZDay, blast: z.number().int(), referral: z.number().int() })),
});
export type TIncomeDaily = z.infer<typeof ZIncomeDaily>;
