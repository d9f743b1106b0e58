import { z } from 'zod';

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
