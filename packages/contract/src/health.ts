import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './health-calls.ts';

export const ZHealthResponse = z.object({
  ok: z.boolean(),
  version: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  db: z.enum(['embedded', 'postgres']),
  driver: z.enum(['simulator', 'baileys']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** GET /api/health/live: the process is up and its event loop answers. */
export const ZLivenessResponse = z.object({ ok: z.literal(true), uptime: z.number() });
export type TLivenessResponse = z.infer<typeof ZLivenessResponse>;

/** One part readiness depends on: `unused` when this deployment has none (Redis without REDIS_URL). */
export const ZReadinessCheck = z.enum(['ok', 'fail', 'unused']);

/** GET /api/health/ready: 200 when every part answers, else 503 naming the part that did not. */
export const ZReadinessResponse = z.object({
  ok: z.boolean(),
  database: ZReadinessCheck,
  redis: ZReadinessCheck,
  /** The process has been told to stop: a load balancer should send it nothing new. */
  stopping: z.boolean(),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;

/** What the server checks of each call in health-calls.ts. */
export const HEALTH_SCHEMAS = schemasOf<typeof calls>()(['health'], {
  facts: { summary: 'Liveness and deployment facts', response: { 200: ZHealthResponse } },
  live: { summary: 'Liveness: 200 while the process serves', response: { 200: ZLivenessResponse } },
  ready: {
    summary: 'Readiness: 200 when the database (and Redis, when used) answer and the process is not stopping',
    response: { 200: ZReadinessResponse, 503: ZReadinessResponse },
  },
});
