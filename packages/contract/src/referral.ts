/** Referrals (spec part 2 §2 Referral, §3, §7): a member's referees and what each brought them. */
import { z } from 'zod';
import { ZId, ZPageMeta, ZPageQuery } from './paging.ts';

export const REFERRAL_TEXT = {
  fetchFailed: 'Error fetching Referral list',
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
