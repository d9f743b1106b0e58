/**
 * Referrals (spec part 2 §2 Referral, §3, §7): a member's referees and what each brought them; for admins
 * and devs, every referral of the service (who referred whom, and the shares each brought the referrer).
 */
import { z } from 'zod';
import { pageOf, ZId, ZPageMeta, ZPageQuery } from './paging.ts';

export const REFERRAL_TEXT = {
  fetchFailed: 'Error fetching Referral list',
  title: 'Daftar Referal',
  search: 'Cari member atau perujuk',
  referee: 'Member',
  referrer: 'Direferensikan oleh',
  joined: 'Bergabung',
  share: 'Bagi Hasil',
} as const;

/** 'Total : {amount}', the member's title on 'Daftar Referal'; `amount` already formatted. */
export const referralTotalText = (amount: string) => `Total : ${amount}`;

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
