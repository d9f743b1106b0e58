/**
 * The referral lists (spec part 2 §7), one line per call (call.ts): a member's referees, members only (part 2
 * §6); every referral of the service, for admins and devs. Schemas: referral.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TReferralPage, TReferralsPage, ZReferralPageQuery, ZReferralsQuery } from './referral.ts';
import { REFERRAL_TEXT } from './referral-text.ts';

/**
 * The spec puts the two lists beside the users' calls, under /api/admin/users; the area's own name keeps the
 * users' routes out of the check that an area declares all of its routes (call-table.test.ts).
 */
export const area = '/api/admin/users/referral';
const users = '/api/admin/users';
const FAILURES = [400, 401, 403] as const;

export const page: Call<{ query: z.input<typeof ZReferralPageQuery>; answer: TReferralPage }> = {
  method: 'GET',
  path: `${users}/referral-per-page`,
  access: 'memberOnly',
  errors: FAILURES,
  fallback: REFERRAL_TEXT.fetchFailed,
};
export const links: Call<{ query: z.input<typeof ZReferralsQuery>; answer: TReferralsPage }> = {
  method: 'GET',
  path: `${users}/referral-links-per-page`,
  access: 'managers',
  errors: FAILURES,
  fallback: REFERRAL_TEXT.fetchFailed,
};
