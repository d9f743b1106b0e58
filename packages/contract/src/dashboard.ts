/**
 * The admin dashboard (spec part 2 §2 'Admin dashboard cards'): the two daily series behind its charts (blasts
 * and money paid out per day in the business time zone), which the spec leaves to us; its texts are in
 * dashboard-text.ts.
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
