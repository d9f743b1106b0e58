/**
 * The handlers of the referral lists: the calls, who may make them and their schemas are in the contract
 * (referral-calls.ts, referral.ts REFERRAL_SCHEMAS).
 */
import { REFERRAL_SCHEMAS as schemas } from '@sewablast/contract/referral';
import * as referral from '@sewablast/contract/referral-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { ReferralService } from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralService }> = async (app, { referrals }) => {
  bind(app, referral.page, schemas.page, async (request) => referrals.page(requireActor(request), request.query));
  bind(app, referral.links, schemas.links, async (request) => referrals.all(requireActor(request), request.query));
};
