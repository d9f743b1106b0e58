/**
 * Timer lateness (DESIGN §10: p99 under 50 ms with 2,000 accounts on a worker): how much later than asked a
 * timer fires, as a histogram that sums across workers. Every pause of a blast is such a timer, so this is
 * the delay a busy event loop adds to every account's pace.
 */
import { performance } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';

const PERIOD_MS = 100;

export function startTimerLatenessProbe(registry: Registry): void {
  const lateness = new Histogram({
    name: 'sewablast_timer_lateness_seconds',
    help: 'How much later than scheduled a timer fired',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const arm = () => {
    const due = performance.now() + PERIOD_MS;
    setTimeout(() => {
      lateness.observe(Math.max(0, performance.now() - due) / 1000);
      arm();
    }, PERIOD_MS).unref();
  };
  arm();
}
