/** GET /api/health: liveness and which deployment this process is. */
import { ZHealthResponse } from '@sewablast/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

interface HealthOptions {
  config: Pick<Config, 'ROLE' | 'WA_DRIVER' | 'db'>;
  version: string;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { config, version }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and deployment facts', response: { 200: ZHealthResponse } },
    },
    async () => ({ ok: true, version, role: config.ROLE, db: config.db, driver: config.WA_DRIVER }),
  );
};
