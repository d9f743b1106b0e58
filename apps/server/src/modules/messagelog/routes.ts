/**
 * /api/admin/messagelog: a user's blast counts, today's income and income per day; the service-wide counts for admins and devs,
 * as only the admin dashboard shows them (staff have no dashboard: their home is the withdraw queue).
 */
import { ZMessageLogCount, ZSuccessFail, ZTodayIncome } from '@sewablast/contract/counters';
import { ZBlastDaily, ZDailyQuery, ZIncomeDaily } from '@sewablast/contract/dashboard';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { MessageLogService } from './service.ts';

const failures = failuresOf(400, 401, 403);

export const messageLogRoutes: FastifyPluginAsyncZod<{ messageLogs: MessageLogService }> = async (
  app,
  { messageLogs },
) => {
  const tags = ['counters'];

  app.get(
    '/count/:id',
    { schema: { tags, params: ZUserIdParams, response: { 200: ZMessageLogCount, ...failures } } },
    async (request) => messageLogs.countFor(requireActor(request), request.params.id),
  );

  app.get(
    '/today-income/:id',
    { schema: { tags, params: ZUserIdParams, response: { 200: ZTodayIncome, ...failures } } },
    async (request) => ({ income: await messageLogs.todayIncome(requireActor(request), request.params.id) }),
  );

  app.get(
    '/income-daily/:id',
    {
      schema: {
        tags,
        summary: "A user's blast fees and referral shares per day in the business time zone, the last `days` days",
        params: ZUserIdParams,
        querystring: ZDailyQuery,
        response: { 200: ZIncomeDaily, ...failures },
      },
    },
    async (request) => messageLogs.incomeDaily(requireActor(request), request.params.id, request.query.days),
  );

  app.get(
    '/today-count',
    {
      config: { access: 'managers' },
      schema: { tags, response: { 200: ZSuccessFail, ...failures } },
    },
    async () => messageLogs.today(),
  );

  app.get(
    '/total-count',
    {
      config: { access: 'managers' },
      schema: { tags, response: { 200: ZSuccessFail, ...failures } },
    },
    async () => messageLogs.total(),
  );

  app.get(
    '/daily',
    {
      config: { access: 'managers' },
      schema: {
        tags,
        summary: "Every member's successful and failed blasts per day in the business time zone, the last `days` days",
        querystring: ZDailyQuery,
        response: { 200: ZBlastDaily, ...failures },
      },
    },
    async (request) => messageLogs.daily(request.query.days),
  );
};
