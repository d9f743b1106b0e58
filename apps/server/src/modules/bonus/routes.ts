/**
 * /api/admin/bonus (spec part 2 §7): admins and devs give and delete bonuses; admins, devs and members read
 * the list (a member only their own, checked in the service); a user's total as before.
 */
import { ZBonusAnswer, ZBonusCreate, ZBonusPage, ZBonusPageQuery } from '@sewablast/contract/bonus';
import { ZTotalBonus } from '@sewablast/contract/counters';
import { ZMsgResponse } from '@sewablast/contract/errors';
import { ZIdParams } from '@sewablast/contract/paging';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { ZIdempotencyHeaders } from '../../lib/idempotency.ts';
import type { BonusService } from './service.ts';

const tags = ['bonus'];
const failures = failuresOf(400, 401, 403, 404);

export const bonusRoutes: FastifyPluginAsyncZod<{ bonuses: BonusService }> = async (app, { bonuses }) => {
  app.get(
    '/total/:id',
    { schema: { tags, params: ZUserIdParams, response: { 200: ZTotalBonus, ...failures } } },
    async (request) => ({ totalBonus: await bonuses.totalFor(requireActor(request), request.params.id) }),
  );

  app.get(
    '/list-per-page',
    {
      config: { access: 'memberSide' },
      schema: {
        tags,
        summary: "A page of bonuses: a member's own; anyone's (user_id) with the member's name for admins and devs",
        querystring: ZBonusPageQuery,
        response: { 200: ZBonusPage, ...failures },
      },
    },
    async (request) => bonuses.page(requireActor(request), request.query),
  );

  app.post(
    '/create',
    {
      // The spec's client shows a failed create's `error` field rather than `msg` (part 2 §8).
      config: { access: 'managers', errorField: true },
      schema: {
        tags,
        summary:
          'Gives a member a bonus, credited to their balance; the giver is the caller; a repeated Idempotency-Key answers as the first time, and the key with another body or call is a 422',
        headers: ZIdempotencyHeaders,
        body: ZBonusCreate,
        response: { 200: ZBonusAnswer, ...failures, ...failuresOf(422) },
      },
    },
    async (request) => bonuses.create(requireActor(request), request.body, request.headers['idempotency-key']),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'managers' },
      schema: {
        tags,
        summary: "Revokes a bonus and takes its credit back; 409 when the member's balance no longer covers it",
        params: ZIdParams,
        response: { 200: ZMsgResponse, ...failures, ...failuresOf(409) },
      },
    },
    async (request) => bonuses.remove(requireActor(request), request.params.id),
  );
};
