/**
 * The process's Prometheus metrics (docs/operations.md, Metrics and health). What the engine and the live
 * channel count lives in one registry for the whole process, as a scraper sees one process as one target;
 * what belongs to one application or one session host (HTTP latency, sessions, loops) lives in a registry
 * of its own, so that a test file building several applications never registers a name twice.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { startTimerLatenessProbe } from './timer-lateness.ts';

export const processRegistry = new Registry();

let processCollectorsOn = false;

/**
 * Node's own figures (memory, CPU, handles, event-loop lag) and the timer-lateness probe. Started only by a
 * process that serves its metrics, so that nothing samples where nobody reads.
 */
export function collectProcessMetrics(): void {
  if (processCollectorsOn) return;
  processCollectorsOn = true;
  collectDefaultMetrics({ register: processRegistry });
  startTimerLatenessProbe(processRegistry);
}

/** The text exposition of the process's metrics and of `local` ones; their names never overlap. */
export async function scrape(local: Registry[]): Promise<string> {
  const parts = await Promise.all([processRegistry, ...local].map((registry) => registry.metrics()));
  return parts.filter(Boolean).join('\n');
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;
