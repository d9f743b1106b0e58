/** The live channel, for Prometheus: sockets open on this api process, and events this process published. */
import { Counter, Gauge } from 'prom-client';
import { processRegistry } from './registry.ts';

export const liveSockets = new Gauge({
  name: 'sewablast_live_connections',
  help: 'Live-channel sockets open on this process',
  registers: [processRegistry],
});

const liveEvents = new Counter({
  name: 'sewablast_live_events_total',
  help: 'Live events published by this process, by event name',
  labelNames: ['event'] as const,
  registers: [processRegistry],
});

export function countLiveEvent(event: string): void {
  liveEvents.inc({ event });
}
