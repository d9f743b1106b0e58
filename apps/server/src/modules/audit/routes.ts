/** The handler of /api/admin/audit: the call, who may make it and its schema are in the contract (audit-calls.ts). */
import { AUDIT_SCHEMAS as schemas } from '@sewablast/contract/audit';
import * as audit from '@sewablast/contract/audit-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { AuditService } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit: log }) => {
  bind(app, audit.page, schemas.page, async (request) => log.page(requireActor(request), request.query));
};
