/** /api/admin/users/referral-per-page (spec part 2 §7): a member's referees, members only (part 2 §6). */
import { ZErrorResponse } from '@sewablast/contract/errors';
import { ZReferralPage, ZReferralPageQuery } from '@sewablast/contract/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
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
        response: { 200: ZReferralPage, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => referrals.page(requireActor(request), request.query),
  );
};
