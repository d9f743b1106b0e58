/**
 * /api/health (docs/operations.md, Metrics and health), one line per call (call.ts): which deployment this
 * process is, and liveness and readiness for load balancers and orchestrators; public. Schemas: health.ts.
 * Types only from zod.
 */
import type { Call } from './call.ts';
import type { THealthResponse, TLivenessResponse, TReadinessResponse } from './health.ts';

export const area = '/api/health';

export const facts: Call<{ answer: THealthResponse }> = { method: 'GET', path: area, access: 'public', errors: [] };
export const live: Call<{ answer: TLivenessResponse }> = {
  method: 'GET',
  path: `${area}/live`,
  access: 'public',
  errors: [],
};
/** 503, with the same answer, while a part it needs is away or the process is stopping. */
export const ready: Call<{ answer: TReadinessResponse }> = {
  method: 'GET',
  path: `${area}/ready`,
  access: 'public',
  errors: [503],
};
