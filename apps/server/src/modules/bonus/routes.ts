/**
 * The handlers of /api/admin/bonus: the calls, who may make them and their schemas are in the contract
 * (bonus-calls.ts, bonus.ts BONUS_SCHEMAS); a member's own rows are the service's check.
 */
import { BONUS_SCHEMAS as schemas } from '@sewablast/contract/bonus';
import * as bonus from '@sewablast/contract/bonus-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { ZIdempotencyHeaders } from '../../lib/idempotency.ts';
import type { BonusService } from './service.ts';

export const bonusRoutes: FastifyPluginAsyncZod<{ bonuses: BonusService }> = async (app, { bonuses }) => {
  bind(app, bonus.total, schemas.total, async (request) => ({
    totalBonus: await bonuses.totalFor(requireActor(request), request.params.id),
  }));
  bind(app, bonus.page, schemas.page, async (request) => bonuses.page(requireActor(request), request.query));
  bind(app, bonus.create, { ...schemas.create, headers: ZIdempotencyHeaders }, async (request) =>
    bonuses.create(requireActor(request), request.body, request.headers['idempotency-key']),
  );
  bind(app, bonus.remove, schemas.remove, async (request) => bonuses.remove(requireActor(request), request.params.id));
};
