/**
 * The handlers of /api/admin/messagelog: the calls, who may make them and their schemas are in the contract
 * (messagelog-calls.ts, messagelog.ts MESSAGELOG_SCHEMAS); ownership of the user named is the service's check.
 */
import { MESSAGELOG_SCHEMAS as schemas } from '@sewablast/contract/messagelog';
import * as messagelog from '@sewablast/contract/messagelog-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { MessageLogService } from './service.ts';

export const messageLogRoutes: FastifyPluginAsyncZod<{ messageLogs: MessageLogService }> = async (
  app,
  { messageLogs },
) => {
  bind(app, messagelog.count, schemas.count, async (request) =>
    messageLogs.countFor(requireActor(request), request.params.id),
  );
  bind(app, messagelog.todayIncome, schemas.todayIncome, async (request) => ({
    income: await messageLogs.todayIncome(requireActor(request), request.params.id),
  }));
  bind(app, messagelog.incomeDaily, schemas.incomeDaily, async (request) =>
    messageLogs.incomeDaily(requireActor(request), request.params.id, request.query.days),
  );
  bind(app, messagelog.todayCount, schemas.todayCount, async () => messageLogs.today());
  bind(app, messagelog.totalCount, schemas.totalCount, async () => messageLogs.total());
  bind(app, messagelog.daily, schemas.daily, async (request) => messageLogs.daily(request.query.days));
};
