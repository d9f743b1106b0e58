/**
 * Serves the built dashboard, Brotli or gzip where the browser takes it. Hashed assets are cached for good;
 * every other path that is not an API path falls back to index.html so that client routes load on a reload.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/app-error.ts';
import { defaultAccess } from './access.ts';

const API_PREFIXES = ['/api/', '/dev/', '/ws'];

export async function registerDashboard(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasDashboard = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  await app.register(async (dashboard) => {
    defaultAccess(dashboard, 'public');
    if (hasDashboard) {
      await dashboard.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The dashboard build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(res, path) {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    dashboard.setNotFoundHandler(
      { preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: '1 minute' }) : undefined },
      async (request, reply) => {
        const path = request.url.split('?')[0] ?? '/';
        const isApi = path === '/api' || API_PREFIXES.some((prefix) => path.startsWith(prefix));
        if (isApi || !hasDashboard || (request.method !== 'GET' && request.method !== 'HEAD')) {
          throw notFound(SERVER_TEXT.notFound);
        }
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      },
    );
  });
}
