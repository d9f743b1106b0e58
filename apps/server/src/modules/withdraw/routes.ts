/** /api/admin/withdraw: a user's balance, the sum of their ledger entries (DESIGN §5.5). */
import { ZBalance } from '@sewablast/contract/counters';
import { ZErrorResponse } from '@sewablast/contract/errors';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import type { WithdrawService } from './service.ts';

export const withdrawRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawService }> = async (app, { withdrawals }) => {
  app.get(
    '/balance/:id',
    {
      schema: {
        tags: ['withdraw'],
        params: ZUserIdParams,
        response: { 200: ZBalance, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => ({ balance: await withdrawals.balance(requireActor(request), request.params.id) }),
  );
};
