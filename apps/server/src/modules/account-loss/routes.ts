/** /api/admin/account-loss: why accounts were lost, for admins and devs only (the area's access). */
import {
  ZAccountLossCompare,
  ZAccountLossPage,
  ZAccountLossPeriodQuery,
  ZAccountLossQuery,
  ZAccountTimeline,
} from '@sewablast/contract/account-loss';
import { ZIdParams } from '@sewablast/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { AccountLossService } from './service.ts';

export const accountLossRoutes: FastifyPluginAsyncZod<{ accountLoss: AccountLossService }> = async (
  app,
  { accountLoss },
) => {
  const tags = ['account-loss'];
  app.get(
    '/timeline/:id',
    {
      schema: {
        tags,
        summary:
          "An account's 48 hours before its latest ban within the event log's 14 days (or before now): hourly series, figures, variants and its own events",
        params: ZIdParams,
        response: { 200: ZAccountTimeline, ...failuresOf(400, 401, 403, 404) },
      },
    },
    async (request) => accountLoss.timeline(requireActor(request), request.params.id),
  );
  app.get(
    '/list-per-page',
    {
      schema: {
        tags,
        summary: 'Accounts lost in a period of business days (from, to: YYYY-MM-DD), latest first, with their figures',
        querystring: ZAccountLossQuery,
        response: { 200: ZAccountLossPage, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => accountLoss.page(requireActor(request), request.query),
  );
  app.get(
    '/compare',
    {
      schema: {
        tags,
        summary: "The period's lost accounts beside a sample of those not lost: averages and medians of their figures",
        querystring: ZAccountLossPeriodQuery,
        response: { 200: ZAccountLossCompare, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => accountLoss.compare(requireActor(request), request.query),
  );
};
