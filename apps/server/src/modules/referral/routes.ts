/**
 * /api/admin/users/referral-per-page (spec part 2 §7): a member's referees, members only (part 2 §6); and
 * /api/admin/users/referral-links-per-page: every referral of the service, for admins and devs.
 */
import { ZReferralPage, ZReferralPageQuery, ZReferralsPage, ZReferralsQuery } from '@sewablast/contract/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { ReferralService } from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralService }> = async (app, { referrals }) => {
  app.get(
    '/referral-per-page',
    {
      config: { access: 'memberOnly' },
      schema: {
        tags: ['referral'],
        summary: "The caller's referees, each with the referral income they brought, and the total of it",
        querystring: ZReferralPageQuery,
        response: { 200: ZReferralPage, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => referrals.page(requireActor(request), request.query),
  );

  app.get(
    '/referral-links-per-page',
    {
      config: { access: 'managers' },
      schema: {
        tags: ['referral'],
        summary:
          'Every referral of the service, newest first: referee, referrer and the shares it brought; `search` finds a word in either name or email',
        querystring: ZReferralsQuery,
        response: { 200: ZReferralsPage, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => referrals.all(requireActor(request), request.query),
  );
};
