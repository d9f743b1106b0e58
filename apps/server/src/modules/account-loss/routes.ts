/**
 * The handlers of /api/admin/account-loss: the calls, who may make them and their schemas are in the
 * contract (account-loss-calls.ts, account-loss.ts ACCOUNT_LOSS_SCHEMAS).
 */
import { ACCOUNT_LOSS_SCHEMAS as schemas } from '@sewablast/contract/account-loss';
import * as accountLossCalls from '@sewablast/contract/account-loss-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { AccountLossService } from './service.ts';

export const accountLossRoutes: FastifyPluginAsyncZod<{ accountLoss: AccountLossService }> = async (
  app,
  { accountLoss },
) => {
  bind(app, accountLossCalls.timeline, schemas.timeline, async (request) =>
    accountLoss.timeline(requireActor(request), request.params.id),
  );
  bind(app, accountLossCalls.page, schemas.page, async (request) =>
    accountLoss.page(requireActor(request), request.query),
  );
  bind(app, accountLossCalls.compare, schemas.compare, async (request) =>
    accountLoss.compare(requireActor(request), request.query),
  );
};
