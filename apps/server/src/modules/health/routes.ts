/**
 * The handlers of /api/health: which deployment this process is, liveness and readiness (docs/operations.md,
 * Metrics and health). The calls and their schemas are in the contract (health-calls.ts, health.ts
 * HEALTH_SCHEMAS).
 */
import { HEALTH_SCHEMAS as schemas } from '@sewablast/contract/health';
import * as health from '@sewablast/contract/health-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { bind } from '../../http/bind.ts';
import { checkReadiness, type ReadinessDeps } from './readiness.ts';

interface HealthOptions {
  config: Pick<Config, 'ROLE' | 'WA_DRIVER' | 'db'>;
  version: string;
  readiness: ReadinessDeps;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { config, version, readiness }) => {
  bind(app, health.facts, schemas.facts, async () => ({
    ok: true,
    version,
    role: config.ROLE,
    db: config.db,
    driver: config.WA_DRIVER,
  }));
  bind(app, health.live, schemas.live, async () => ({ ok: true as const, uptime: Math.round(process.uptime()) }));
  bind(app, health.ready, schemas.ready, async (_request, reply) => {
    const answer = await checkReadiness(readiness);
    return reply.code(answer.ok ? 200 : 503).send(answer);
  });
};
