/**
 * Calendar days in queries (the audit log's filter, the finance export): one day schema and one period rule
 * for every route that takes dates. A day outside the service's years is a typing slip or a probe, never a
 * period anyone keeps records for; refusing it here keeps such years from reaching date arithmetic and SQL.
 */
import { z } from 'zod';
import { AUDIT_TEXT } from './audit-text.ts';

/** No record of the service predates this day: the back office's dates go back to 2000 at most. */
export const FIRST_DAY = '2000-01-01';
/** The last day a period may name: far past any record's lifetime, well inside every date type. */
export const LAST_DAY = '2100-12-31';

/** A calendar day in the business time zone, `YYYY-MM-DD`, from FIRST_DAY to LAST_DAY. */
export const ZDay = z.iso
  .date({ error: AUDIT_TEXT.badDate })
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, { error: AUDIT_TEXT.dayOutOfRange(FIRST_DAY, LAST_DAY) });

/** `from` and `to` are whole days, both included; an end left out is open. */
interface Period {
  from?: string | undefined;
  to?: string | undefined;
}
const inOrder = (value: Period) => !value.from || !value.to || value.from <= value.to;
const IN_ORDER = { error: AUDIT_TEXT.badRange, path: ['to'] };

/** A period of whole days with both ends given. */
export const ZDayRange = z.object({ from: ZDay, to: ZDay }).refine(inOrder, IN_ORDER);

/** A query's other fields plus a period whose ends may each be left out (a list's filter). */
export const withDayFilter = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, from: ZDay.optional(), to: ZDay.optional() })
    // The spread shape is generic here: its output type names `from` and `to` only once `T` is known.
    .refine((value) => inOrder(value as Period), IN_ORDER);
