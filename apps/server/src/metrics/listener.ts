/**
 * METRICS_PORT: a listener of its own for scrapers and probes, bound to METRICS_HOST (loopback unless told
 * otherwise), so that a worker, which serves no API, can be scraped and probed too, and an api process's
 * metrics need not pass through the public port. It serves /metrics and the two health probes, nothing else.
 */
import { createServer, type Server } from 'node:http';
import type { TReadinessResponse } from '@sewablast/contract/health';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { STATUS_OF } from '../http/errors.ts';
import { refuseScrape } from './access.ts';
import { collectProcessMetrics, METRICS_CONTENT_TYPE } from './registry.ts';

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** Required of scrapers on this port too when set. */
  token: string | undefined;
  /** The process's metrics in text form: the application's when this process serves one (scrapeMetrics). */
  scrape: () => Promise<string>;
  /** Whether this process can serve (modules/health/readiness.ts), for the readiness probe. */
  readiness: () => Promise<TReadinessResponse>;
}

export async function startMetricsListener(options: MetricsListenerOptions): Promise<Server> {
  collectProcessMetrics();
  const json = (status: number, body: unknown) => ({ status, type: 'application/json', body: JSON.stringify(body) });
  const answer = async (path: string, authorization: string | undefined) => {
    if (path === '/api/health/live') return json(200, { ok: true, uptime: Math.round(process.uptime()) });
    if (path === '/api/health/ready') {
      const readiness = await options.readiness();
      return json(readiness.ok ? 200 : 503, readiness);
    }
    if (path !== '/metrics') return json(404, { msg: SERVER_TEXT.notFound });
    const refusal = refuseScrape(authorization, options.token, false);
    if (refusal) return json(STATUS_OF[refusal.code], { msg: refusal.msg });
    return { status: 200, type: METRICS_CONTENT_TYPE, body: await options.scrape() };
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    const done = (reply: { status: number; type: string; body: string }) =>
      response.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
    if (request.method !== 'GET') return done(json(404, { msg: SERVER_TEXT.notFound }));
    answer(path, request.headers.authorization).then(done, () => done(json(500, { msg: TEXT.internalError })));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
