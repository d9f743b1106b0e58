/** Bonuses (spec part 2 §2 Bonus, §3, §5, §7): the calls' shapes, and the texts of bonus-text.ts. */
import { z } from 'zod';
import type * as calls from './bonus-calls.ts';
import { BONUS_TEXT } from './bonus-text.ts';
import { schemasOf } from './call-schemas.ts';
import { ZTotalBonus } from './counters.ts';
import { ZMsgResponse } from './errors.ts';
import { MONEY_MAX, wholeNumber } from './numbers.ts';
import { pageOf, ZId, ZIdParams, ZPageQuery } from './paging.ts';
import { ZUserIdParams } from './users.ts';

/** Amounts go up to a trillion rupiah, as withdrawals do. */
const ZBonusNominal = wholeNumber(1, MONEY_MAX, BONUS_TEXT.nominal);

/** The spec's client also sends `adminId`; it is dropped, as the giver is always the caller. */
export const ZBonusCreate = z.object({
  userId: ZId,
  nominal: ZBonusNominal,
  reason: z.string({ error: BONUS_TEXT.reasonRequired }).trim().min(1, { error: BONUS_TEXT.reasonRequired }).max(1000),
});
export type TBonusCreate = z.infer<typeof ZBonusCreate>;

const memberRequired = { error: BONUS_TEXT.memberRequired };
/** The /bonus/create form: the same body, with the picker's own message while no member is chosen. */
export const ZBonusForm = ZBonusCreate.extend({
  userId: z.number(memberRequired).int(memberRequired).min(1, memberRequired),
});

export const ZBonus = z.object({
  id: z.number().int(),
  nominal: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  adminId: z.number().int().nullable(),
  /** The member the bonus went to: the Member column of admins and devs. */
  User: z.object({ firstname: z.string(), lastname: z.string() }),
});
export type TBonus = z.infer<typeof ZBonus>;

export const ZBonusAnswer = z.object({ msg: z.string(), data: ZBonus });
export type TBonusAnswer = z.infer<typeof ZBonusAnswer>;

/** `search` matches the member's first or last name; `user_id` is one member (a member's own always). */
export const ZBonusPageQuery = ZPageQuery.extend({ user_id: ZId.optional() });
export type TBonusPageQuery = z.infer<typeof ZBonusPageQuery>;
export const ZBonusPage = pageOf(ZBonus).extend({ msg: z.string() });
export type TBonusPage = z.infer<typeof ZBonusPage>;

/** What the server checks of each call in bonus-calls.ts. */
export const BONUS_SCHEMAS = schemasOf<typeof calls>()(['bonus'], {
  total: { params: ZUserIdParams, response: { 200: ZTotalBonus } },
  page: {
    summary: "A page of bonuses: a member's own; anyone's (user_id) with the member's name for admins and devs",
    querystring: ZBonusPageQuery,
    response: { 200: ZBonusPage },
  },
  create: {
    summary:
      'Gives a member a bonus, credited to their balance; the giver is the caller; a repeated Idempotency-Key answers as the first time, and the key with another body or call is a 422',
    body: ZBonusCreate,
    response: { 200: ZBonusAnswer },
  },
  remove: {
    summary: "Revokes a bonus and takes its credit back; 409 when the member's balance no longer covers it",
    params: ZIdParams,
    response: { 200: ZMsgResponse },
  },
});
