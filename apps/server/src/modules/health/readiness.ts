/**
 * Readiness for a load balancer or an orchestrator: the database answers `select 1`, Redis answers a ping
 * when the deployment uses it, and the process is not stopping. Each check has a short deadline, so that a
 * database that hangs rather than refuses still turns readiness off in time.
 */
import type { TReadinessResponse } from '@sewablast/contract/health';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../live/bus.ts';
import type { Lifecycle } from './lifecycle.ts';

export const READY_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
  bus: Pick<EventBus, 'ping'>;
  lifecycle: Lifecycle;
  timeoutMs?: number;
}

async function answers(probe: () => Promise<unknown>, timeoutMs: number): Promise<'ok' | 'fail'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'fail'>((resolve) => {
    timer = setTimeout(() => resolve('fail'), timeoutMs);
  });
  try {
    return await Promise.race([
      probe().then(
        () => 'ok' as const,
        () => 'fail' as const,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: ReadinessDeps): Promise<TReadinessResponse> {
  const timeoutMs = deps.timeoutMs ?? READY_TIMEOUT_MS;
  const { ping } = deps.bus;
  const [database, redis] = await Promise.all([
    answers(() => deps.db.execute(sql`select 1`), timeoutMs),
    ping ? answers(ping, timeoutMs) : ('unused' as const),
  ]);
  const stopping = deps.lifecycle.stopping;
  return { ok: database === 'ok' && redis !== 'fail' && !stopping, database, redis, stopping };
}
