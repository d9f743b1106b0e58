/**
 * GET /api/health: which deployment this process is. GET /api/health/live and /api/health/ready: liveness
 * and readiness for load balancers and orchestrators (docs/operations.md, Metrics and health).
 */
import { ZHealthResponse, ZLivenessResponse, ZReadinessResponse } from '@sewablast/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { checkReadiness, type ReadinessDeps } from './readiness.ts';

interface HealthOptions {
  config: Pick<Config, 'ROLE' | 'WA_DRIVER' | 'db'>;
  version: string;
  readiness: ReadinessDeps;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { config, version, readiness }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and deployment facts', response: { 200: ZHealthResponse } },
    },
    async () => ({ ok: true, version, role: config.ROLE, db: config.db, driver: config.WA_DRIVER }),
  );
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process serves',
        response: { 200: ZLivenessResponse },
      },
    },
    async () => ({ ok: true as const, uptime: Math.round(process.uptime()) }),
  );
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database (and Redis, when used) answer and the process is not stopping',
        response: { 200: ZReadinessResponse, 503: ZReadinessResponse },
      },
    },
    async (_request, reply) => {
      const answer = await checkReadiness(readiness);
      return reply.code(answer.ok ? 200 : 503).send(answer);
    },
  );
};
