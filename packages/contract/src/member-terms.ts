/**
 * The member's own terms for one account (issue 23 item 3): PUT /api/admin/whatsapp/terms. Null (or an empty
 * box) is the service's; the server lets them only narrow the service's cap and hours (rules/safety/member-terms.ts).
 */
import { z } from 'zod';
import { ZId } from './paging.ts';
import { HHMM, TERMS_TEXT } from './safety.ts';

/** The most a member may name: the settings' own cap can be no higher (setting.ts). */
export const TERMS_CAP_MAX = 10_000;

const badCap = { error: TERMS_TEXT.badCap };
const badTime = { error: TERMS_TEXT.badTime };
/** An empty box is none of the member's own. */
const HHMM_OR_EMPTY = new RegExp(`^$|${HHMM.source}`);
const ZTermsTime = z
  .string(badTime)
  .regex(HHMM_OR_EMPTY, badTime)
  .nullish()
  .transform((value) => value || null);

const fields = {
  member_daily_cap: z
    .number(badCap)
    .int(badCap)
    .min(1, badCap)
    .max(TERMS_CAP_MAX, badCap)
    .nullish()
    .transform((value) => value ?? null),
  member_window_start: ZTermsTime,
  member_window_end: ZTermsTime,
};

type Times = { member_window_start: string | null; member_window_end: string | null };

/** Both times or neither, and not the same one: equal ends would mean all day, which is no narrowing. */
function hoursChecked<T extends z.ZodType<Times>>(schema: T) {
  return schema
    .refine((terms) => (terms.member_window_start === null) === (terms.member_window_end === null), {
      path: ['member_window_end'],
      error: TERMS_TEXT.bothTimes,
    })
    .refine((terms) => terms.member_window_start === null || terms.member_window_start !== terms.member_window_end, {
      path: ['member_window_end'],
      error: TERMS_TEXT.sameTimes,
    });
}

/** The row dialog's form. */
export const ZMemberTermsFields = hoursChecked(z.object(fields));
export type TMemberTermsFields = z.output<typeof ZMemberTermsFields>;

export const ZMemberTermsRequest = hoursChecked(z.object({ id: ZId, ...fields }));
export type TMemberTermsRequest = z.output<typeof ZMemberTermsRequest>;
