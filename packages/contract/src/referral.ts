/**
 * Referrals (spec part 2 §2 Referral, §3, §7): a member's referees and what each brought them; for admins
 * and devs, every referral of the service (who referred whom, and the shares each brought the referrer).
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { pageOf, ZId, ZPageMeta, ZPageQuery } from './paging.ts';
import type * as calls from './referral-calls.ts';

/** `userId` is the caller's own id, as the spec's client sends it; any other is refused. */
export const ZReferralPageQuery = ZPageQuery.extend({ userId: ZId.optional() });
export type TReferralPageQuery = z.infer<typeof ZReferralPageQuery>;

export const ZReferral = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The referral shares this referee's blasts brought the member, in rupiah. */
  income: z.number().int(),
});
export type TReferral = z.infer<typeof ZReferral>;

/** `total` is every referral share the member ever received: the 'Total : {amount}' figure. */
export const ZReferralPage = z.object({ list: z.array(ZReferral), total: z.number().int(), meta: ZPageMeta });
export type TReferralPage = z.infer<typeof ZReferralPage>;

/** A user as the service-wide list names them. */
const ZReferralPerson = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});

/** `search` finds a word anywhere in the referee's or the referrer's name or email. */
export const ZReferralsQuery = ZPageQuery;
export type TReferralsQuery = z.infer<typeof ZReferralsQuery>;

/** One referral: the member who signed up with a code, whose code it was, and the shares it brought them. */
export const ZReferralLink = z.object({
  referee: ZReferralPerson,
  referrer: ZReferralPerson,
  /** When the referee signed up. */
  createdAt: z.string(),
  /** The referral shares the referee's blasts brought the referrer, in rupiah. */
  income: z.number().int(),
});
export type TReferralLink = z.infer<typeof ZReferralLink>;

/** `total` is every referral share the service ever paid, whatever the search. */
export const ZReferralsPage = pageOf(ZReferralLink).extend({ total: z.number().int() });
export type TReferralsPage = z.infer<typeof ZReferralsPage>;

/** What the server checks of each call in referral-calls.ts. */
export const REFERRAL_SCHEMAS = schemasOf<typeof calls>()(['referral'], {
  page: {
    summary: "The caller's referees, each with the referral income they brought, and the total of it",
    querystring: ZReferralPageQuery,
    response: { 200: ZReferralPage },
  },
  links: {
    summary:
      'Every referral of the service, newest first: referee, referrer and the shares it brought; `search` finds a word in either name or email',
    querystring: ZReferralsQuery,
    response: { 200: ZReferralsPage },
  },
});
