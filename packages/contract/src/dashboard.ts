/**
 * The dashboards' daily series, which the spec leaves to us: the admin's two charts (blasts and money paid
 * out per day in the business time zone) and the member's income per day; the texts are in dashboard-text.ts.
 */
import { z } from 'zod';
import { DAILY_DEFAULT_DAYS, DAILY_MAX_DAYS, DASHBOARD_TEXT } from './dashboard-text.ts';
import { wholeNumber } from './numbers.ts';

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

/**
 * What a member's linked accounts may earn in a sending day (GET /admin/whatsapp/forecast/:userId): each
 * connected account's sends are the fewest of its cap today (warm-up and the member's own terms lowering
 * it) and what its open hours fit at its interval, priced at the member's fee.
 */
export const ZIncomeForecast = z.object({
  daily_income: z.number().int(),
  fee: z.number().int(),
  accounts: z.array(
    z.object({
      id: z.number().int(),
      clientid: z.string(),
      daily_cap: z.number().int(),
      /** Minutes a day the account's hours (the service's and the member's) are open. */
      open_minutes: z.number().int(),
      sends: z.number().int(),
      income: z.number().int(),
    }),
  ),
});
export type TIncomeForecast = z.infer<typeof ZIncomeForecast>;
