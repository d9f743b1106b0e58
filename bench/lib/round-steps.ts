/**
 * Where a blast round's time goes, for the engine bench (docs/performance.md "Engine"): the fleet server's own
 * process times each step of every round by wrapping the steps' methods, and the engine pool's hand-outs of a
 * connection and its queries, and counts garbage collection. Everything is summed from `reset()` (the bench's
 * window opening) and read as totals, so the bench divides by outcomes: ratios that do not depend on how busy
 * the shared machine is (a step's share of a round, pool waits an outcome, CPU and GC milliseconds an outcome).
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type pg from 'pg';
import { BlastLoop } from '../../apps/server/src/engine/blast/blast-loop.ts';
import { AccountLoop } from '../../apps/server/src/engine/loop.ts';
import { OutcomeWriter } from '../../apps/server/src/ledger/outcome-writer.ts';
import { SimSession } from '../../apps/server/src/wa/simulator-session.ts';

interface Sum {
  count: number;
  ms: number;
}

const sums = new Map<string, Sum>();
let gcMs = 0;
let gcCount = 0;

function add(step: string, ms: number) {
  const sum = sums.get(step) ?? { count: 0, ms: 0 };
  sum.count += 1;
  sum.ms += ms;
  sums.set(step, sum);
}

/** Times every call of `name` on `proto` (an async method) as `step`. */
function timeMethod(proto: object, name: string, step: string) {
  const target = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = target[name];
  if (typeof original !== 'function') throw new Error(`round-steps: no method ${name} to time`);
  target[name] = function timed(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const result = original.apply(this, args);
    const end = () => add(step, performance.now() - started);
    if (result instanceof Promise) return result.finally(end);
    end();
    return result;
  };
}

/**
 * The steps, in a round's order: the round's statement (roundStart), the round itself (its publishes, the
 * variant, the send, the record), within it WhatsApp's answer (the simulator's network delay and its faults)
 * and the outcome's batch (queued behind the batch in flight, then its statement); then the pause's sleep (a
 * retry's sleep inside a send is counted there too) and what the pause publishes around it.
 */
export function instrumentRounds(): void {
  const loop = BlastLoop.prototype as unknown as object;
  timeMethod(loop, 'roundStart', 'take: the round statement');
  timeMethod(loop, 'round', 'round: publishes, variant, send, record');
  timeMethod(SimSession.prototype, 'sendMessage', '  send: WhatsApp (simulated network)');
  timeMethod(OutcomeWriter.prototype, 'record', '  record: outcome batch, queue included');
  timeMethod(loop, 'announce', 'pause: announce waiting');
  timeMethod(AccountLoop.prototype, 'sleep', 'sleep: pause and retry waits');
  timeMethod(loop, 'afterPause', 'pause: publish progressing');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount += 1;
    }
  }).observe({ entryTypes: ['gc'] });
}

/** Times how long each statement of `pool` waited for a connection, and how long it then took. */
export function instrumentPool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: unknown }).connect = (cb?: (...args: unknown[]) => void) => {
    const started = performance.now();
    if (typeof cb === 'function') {
      return connect((...args: unknown[]) => {
        add('pool: wait for a connection', performance.now() - started);
        cb(...args);
      });
    }
    return (connect() as Promise<unknown>).finally(() =>
      add('pool: wait for a connection', performance.now() - started),
    );
  };
}

export function resetSteps(): void {
  sums.clear();
  gcMs = 0;
  gcCount = 0;
}

export function stepTotals(): { steps: [string, Sum][]; gcMs: number; gcCount: number } {
  return { steps: [...sums], gcMs, gcCount };
}
