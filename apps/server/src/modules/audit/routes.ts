/** /api/admin/audit: the audit log, read by admins and devs (the area's default access). */
import { ZAuditPage, ZAuditQuery } from '@sewablast/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { AuditService } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/list-per-page',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit entries, newest first, by action, actor and business days (from, to: YYYY-MM-DD)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...failuresOf(400, 401, 403) },
      },
    },
    async (request) => audit.page(requireActor(request), request.query),
  );
};
