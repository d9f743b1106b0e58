/**
 * /api/admin/withdraw (spec part 2 §7): a user's figures and history, open to the user and to staff, admins
 * and devs (ownership in the service); the totals of every member and the decisions for staff, admins and
 * devs; requests for members and devs (the /withdraw screen's roles).
 */
import { ZBalance } from '@sewablast/contract/counters';
import { ZDailyQuery, ZPaidDaily } from '@sewablast/contract/dashboard';
import { ZUserIdParams } from '@sewablast/contract/users';
import {
  ZWithdrawAnswer,
  ZWithdrawFailure,
  ZWithdrawIncome,
  ZWithdrawList,
  ZWithdrawPage,
  ZWithdrawPageQuery,
  ZWithdrawRequest,
  ZWithdrawSummary,
  ZWithdrawTotal,
  ZWithdrawUpdate,
} from '@sewablast/contract/withdraw';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { ZIdempotencyHeaders } from '../../lib/idempotency.ts';
import type { WithdrawService } from './service.ts';

const tags = ['withdraw'];
const failures = failuresOf(400, 401, 403, 404);

export const withdrawRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawService }> = async (app, { withdrawals }) => {
  const perUser = { config: { access: 'everyone' as const }, schema: { tags, params: ZUserIdParams } };

  app.get(
    '/balance/:id',
    { ...perUser, schema: { ...perUser.schema, response: { 200: ZBalance, ...failures } } },
    async (request) => ({ balance: await withdrawals.balance(requireActor(request), request.params.id) }),
  );

  app.get(
    '/income/:id',
    { ...perUser, schema: { ...perUser.schema, response: { 200: ZWithdrawIncome, ...failures } } },
    async (request) => ({ income: await withdrawals.income(requireActor(request), request.params.id) }),
  );

  app.get(
    '/summary/:id',
    {
      ...perUser,
      schema: {
        ...perUser.schema,
        summary: 'The balance and its parts, which add up to it: blast income, referral shares, bonuses, withdrawals',
        response: { 200: ZWithdrawSummary, ...failures },
      },
    },
    async (request) => withdrawals.summary(requireActor(request), request.params.id),
  );

  for (const [path, status] of [
    ['/total-requested/:id', 'requested'],
    ['/total-accepted/:id', 'accepted'],
  ] as const) {
    app.get(
      path,
      { ...perUser, schema: { ...perUser.schema, response: { 200: ZWithdrawTotal, ...failures } } },
      async (request) => ({ total: await withdrawals.totalOf(requireActor(request), request.params.id, status) }),
    );
  }

  for (const [path, today] of [
    ['/total-today', true],
    ['/total-all', false],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'backOffice' },
        schema: {
          tags,
          summary: 'Accepted withdrawals of every member',
          response: { 200: ZWithdrawTotal, ...failures },
        },
      },
      async (request) => ({ total: await withdrawals.totalPaidOut(requireActor(request), today) }),
    );
  }

  app.get(
    '/paid-daily',
    {
      config: { access: 'managers' },
      schema: {
        tags,
        summary: 'Accepted withdrawals summed per day of acceptance in the business time zone, the last `days` days',
        querystring: ZDailyQuery,
        response: { 200: ZPaidDaily, ...failures },
      },
    },
    async (request) => withdrawals.paidDaily(requireActor(request), request.query.days),
  );

  app.get(
    '/history/:id',
    { ...perUser, schema: { ...perUser.schema, response: { 200: ZWithdrawList, ...failures } } },
    async (request) => ({ list: await withdrawals.history(requireActor(request), request.params.id) }),
  );

  app.get(
    '/histories',
    { config: { access: 'backOffice' }, schema: { tags, response: { 200: ZWithdrawList, ...failures } } },
    async (request) => ({ list: await withdrawals.histories(requireActor(request)) }),
  );

  app.get(
    '/histories-per-page',
    {
      config: { access: 'everyone' },
      schema: {
        tags,
        summary: "A page of withdrawals: a member's own; anyone's (user_id) for staff, admins and devs",
        querystring: ZWithdrawPageQuery,
        response: { 200: ZWithdrawPage, ...failures },
      },
    },
    async (request) => withdrawals.page(requireActor(request), request.query),
  );

  app.post(
    '/request',
    {
      config: { access: 'withdraw' },
      schema: {
        tags,
        summary:
          'Holds the amount from the balance; a repeated Idempotency-Key answers as the first time, and the key with another body or call is a 422',
        headers: ZIdempotencyHeaders,
        body: ZWithdrawRequest,
        response: {
          200: ZWithdrawAnswer,
          400: ZWithdrawFailure,
          ...failuresOf(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await withdrawals.request(requireActor(request), request.body, request.headers['idempotency-key']);
      return reply.code(answer.status as 200).send(answer.body as never);
    },
  );

  app.put(
    '/update',
    {
      config: { access: 'backOffice' },
      schema: { tags, body: ZWithdrawUpdate, response: { 200: ZWithdrawAnswer, ...failures, ...failuresOf(409) } },
    },
    async (request) => withdrawals.update(requireActor(request), request.body),
  );
};
