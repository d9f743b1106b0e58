/** /api/admin/bonus: the total of a user's bonuses. */
import { ZTotalBonus } from '@sewablast/contract/counters';
import { ZErrorResponse } from '@sewablast/contract/errors';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import type { BonusService } from './service.ts';

export const bonusRoutes: FastifyPluginAsyncZod<{ bonuses: BonusService }> = async (app, { bonuses }) => {
  app.get(
    '/total/:id',
    {
      schema: {
        tags: ['bonus'],
        params: ZUserIdParams,
        response: { 200: ZTotalBonus, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => ({ totalBonus: await bonuses.totalFor(requireActor(request), request.params.id) }),
  );
};
