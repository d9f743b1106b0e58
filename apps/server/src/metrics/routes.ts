/**
 * GET /metrics on the API port, in Prometheus's text format. Not an API operation, so it stays out of the
 * OpenAPI document; its own check (access.ts) stands in for the role groups a scraper has no part in.
 */
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError } from '../lib/app-error.ts';
import { refuseScrape } from './access.ts';
import { collectProcessMetrics, METRICS_CONTENT_TYPE, scrape } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics with the application's own, for the METRICS_PORT listener too. */
    scrapeMetrics(): Promise<string>;
  }
}

interface MetricsRouteOptions {
  token: string | undefined;
  /** This application's and this process's session host's metrics. */
  registries: Registry[];
}

export function registerMetricsRoute(app: FastifyInstance, { token, registries }: MetricsRouteOptions): void {
  if (token !== undefined) collectProcessMetrics();
  app.decorate('scrapeMetrics', () => scrape(registries));
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const refusal = refuseScrape(request.headers.authorization, token, true);
    if (refusal) throw new AppError(refusal.code, refusal.msg);
    return reply.type(METRICS_CONTENT_TYPE).send(await scrape(registries));
  });
}
