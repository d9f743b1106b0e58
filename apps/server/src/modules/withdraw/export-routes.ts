/**
 * GET /api/admin/withdraw/export-accepted: the finance export as a CSV attachment, streamed. Admins and devs
 * only: it lists every member's bank account at once, where staff see one at a time on the request page.
 */
import { Readable } from 'node:stream';
import { acceptedExportFileName, ZAcceptedExportQuery } from '@sewablast/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { AcceptedExport } from './accepted-export.ts';

export const withdrawExportRoutes: FastifyPluginAsyncZod<{ exports: AcceptedExport }> = async (app, { exports }) => {
  app.get(
    '/export-accepted',
    {
      schema: {
        tags: ['withdraw'],
        summary:
          'Accepted withdrawals decided from `from` to `to` (whole business days), and payouts taken back in them, as text/csv',
        querystring: ZAcceptedExportQuery,
        response: {
          200: z
            .string()
            .describe(
              'text/csv: member,bank,account_number,account_name,amount,decided_at,status,note (status accepted, or payout_cancelled with its reason)',
            ),
          ...failuresOf(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const lines = exports.acceptedCsv(requireActor(request), request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${acceptedExportFileName(request.query)}"`)
          .header('cache-control', 'no-store')
          // A stream skips the response serializer; the 200 schema above is the document's description.
          .send(Readable.from(lines) as never)
      );
    },
  );
};
