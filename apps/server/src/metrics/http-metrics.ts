/**
 * HTTP latency by route, for Prometheus: labelled by the route's pattern (`/api/admin/users/:id`), never the
 * URL a client sent, so that ids and query strings cannot multiply the series; a request that matched no
 * route counts under `unmatched`.
 */
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry } from 'prom-client';

export function registerHttpMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'sewablast_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
  return registry;
}
