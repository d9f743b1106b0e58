/** The dashboard counters (spec part 1 §3 Counters, §7 Counters and money). */
import { z } from 'zod';

/** `deliveredCount`: the successful blasts WhatsApp later reported delivered (issue 13). */
export const ZMessageLogCount = z.object({
  successCount: z.number().int(),
  failCount: z.number().int(),
  deliveredCount: z.number().int(),
});
export const ZSuccessFail = z.object({ success: z.number().int(), fail: z.number().int() });
export const ZTodayIncome = z.object({ income: z.number().int() });
export const ZBalance = z.object({ balance: z.number().int() });
export const ZTotalBonus = z.object({ totalBonus: z.number().int() });
export const ZActiveCount = z.object({ count: z.number().int() });
export type TMessageLogCount = z.infer<typeof ZMessageLogCount>;
export type TTodayIncome = z.infer<typeof ZTodayIncome>;
export type TBalance = z.infer<typeof ZBalance>;
export type TTotalBonus = z.infer<typeof ZTotalBonus>;
export type TSuccessFail = z.infer<typeof ZSuccessFail>;
export type TActiveCount = z.infer<typeof ZActiveCount>;

/** Members seen within this many minutes count as active now. */
export const ACTIVE_WINDOW_MINUTES = 5;
