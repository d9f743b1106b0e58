/** /api/admin/withdraw: a user's balance, the sum of their ledger entries (DESIGN §5.5). */
import { ZBalance } from '@sewablast/contract/counters';
import { ZErrorResponse } from '@sewablast/contract/errors';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireActor } from '../../http/auth.ts';
import { balanceOf } from '../../ledger/balance.ts';
import { assertSelfOrManager } from '../users/service.ts';

export const withdrawRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/balance/:id',
    {
      schema: {
        tags: ['withdraw'],
        params: ZUserIdParams,
        response: { 200: ZBalance, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => {
      assertSelfOrManager(requireActor(request), request.params.id);
      return { balance: await balanceOf(db, request.params.id) };
    },
  );
};
