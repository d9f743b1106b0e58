/**
 * The handlers of /api/admin/withdraw: the calls, who may make them and their schemas are in the contract
 * (withdraw-calls.ts, withdraw.ts WITHDRAW_SCHEMAS); ownership of the user named is the service's check.
 */
import { Readable } from 'node:stream';
import { acceptedExportFileName } from '@sewablast/contract/audit';
import { WITHDRAW_SCHEMAS as schemas } from '@sewablast/contract/withdraw';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { AppError } from '../../lib/app-error.ts';
import { ZIdempotencyHeaders } from '../../lib/idempotency.ts';
import type { AcceptedExport } from './accepted-export.ts';
import type { WithdrawService } from './service.ts';

export const withdrawRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawService; exports: AcceptedExport }> = async (
  app,
  { withdrawals, exports },
) => {
  bind(app, withdraw.balance, schemas.balance, async (request) => ({
    balance: await withdrawals.balance(requireActor(request), request.params.id),
  }));
  bind(app, withdraw.income, schemas.income, async (request) => ({
    income: await withdrawals.income(requireActor(request), request.params.id),
  }));
  bind(app, withdraw.summary, schemas.summary, async (request) =>
    withdrawals.summary(requireActor(request), request.params.id),
  );
  bind(app, withdraw.totalRequested, schemas.totalRequested, async (request) => ({
    total: await withdrawals.totalOf(requireActor(request), request.params.id, 'requested'),
  }));
  bind(app, withdraw.totalAccepted, schemas.totalAccepted, async (request) => ({
    total: await withdrawals.totalOf(requireActor(request), request.params.id, 'accepted'),
  }));
  bind(app, withdraw.totalToday, schemas.totalToday, async (request) => ({
    total: await withdrawals.totalPaidOut(requireActor(request), true),
  }));
  bind(app, withdraw.totalAll, schemas.totalAll, async (request) => ({
    total: await withdrawals.totalPaidOut(requireActor(request), false),
  }));
  bind(app, withdraw.paidDaily, schemas.paidDaily, async (request) =>
    withdrawals.paidDaily(requireActor(request), request.query.days),
  );
  bind(app, withdraw.history, schemas.history, async (request) => ({
    list: await withdrawals.history(requireActor(request), request.params.id),
  }));
  bind(app, withdraw.histories, schemas.histories, async (request) => ({
    list: await withdrawals.histories(requireActor(request)),
  }));
  bind(app, withdraw.page, schemas.page, async (request) => withdrawals.page(requireActor(request), request.query));
  bind(app, withdraw.request, { ...schemas.request, headers: ZIdempotencyHeaders }, async (request) => {
    const answer = await withdrawals.request(requireActor(request), request.body, request.headers['idempotency-key']);
    if (answer.refused) {
      // A refusal kept for its key is answered again through the error handler, as the first was.
      const { msg, code } = answer.body;
      throw new AppError(answer.refused, msg, undefined, code ? { fields: { code } } : {});
    }
    return answer.body;
  });
  bind(app, withdraw.update, schemas.update, async (request) =>
    withdrawals.update(requireActor(request), request.body),
  );
  bind(app, withdraw.exportAccepted, schemas.exportAccepted, async (request, reply) => {
    const lines = exports.acceptedCsv(requireActor(request), request.query);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${acceptedExportFileName(request.query)}"`)
        .header('cache-control', 'no-store')
        // A stream skips the response serializer; the 200 schema is the document's description.
        .send(Readable.from(lines) as never)
    );
  });
};
