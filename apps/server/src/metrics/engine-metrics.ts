/**
 * What the engine does, for Prometheus: sends by outcome and lease takeovers, counted where they happen
 * (the engine calls these in one line), and the sessions and loops a session host holds, read at scrape
 * time so that they are never stale.
 */
import { count } from 'drizzle-orm';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';
import { heldBy } from '../engine/index.ts';
import type { JobKind } from '../rules/jobs/job-kinds.ts';
import { processRegistry } from './registry.ts';

type Outcome = 'success' | 'fail' | 'restricted' | 'banned' | 'stopped';

const sends = new Counter({
  name: 'sewablast_sends_total',
  help: 'Messages sent by this process, by outcome and by what sent them (a blast or the Blaster page)',
  labelNames: ['outcome', 'source'] as const,
  registers: [processRegistry],
});

const takeovers = new Counter({
  name: 'sewablast_lease_takeovers_total',
  help: "Accounts this process took over after another process's lease lapsed",
  registers: [processRegistry],
});

/** Counts a send's outcome and hands it on; a send stopped before anything went out is no send. */
export function countSend<T extends { status: Outcome }>(outcome: T, source: 'blast' | 'blaster'): T {
  if (outcome.status !== 'stopped') sends.inc({ outcome: outcome.status, source });
  return outcome;
}

/** Counts the claimed rows whose lease was another process's (not free, not this process's own). */
export function countTakeovers(claimed: { previousOwner: string | null }[], workerId: string): void {
  const taken = claimed.filter(({ previousOwner }) => previousOwner !== null && previousOwner !== workerId).length;
  if (taken > 0) takeovers.inc(taken);
}

/** What the gauges read from a session host (SessionHost). */
export interface HostView {
  readonly workerId: string;
  activity(): { blasts: number; jobs: Record<JobKind, number> };
}

/** The sessions by state and the loops by kind of one session host, read on every scrape. */
export function hostMetrics(db: Db, host: HostView): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'sewablast_sessions',
    help: 'WhatsApp sessions this process holds, by the state of their account',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ state: whatsappAccounts.state, sessions: count() })
        .from(whatsappAccounts)
        .where(heldBy(host.workerId))
        .groupBy(whatsappAccounts.state);
      this.reset();
      for (const row of rows) this.set({ state: row.state }, row.sessions);
    },
  });
  new Gauge({
    name: 'sewablast_loops',
    help: 'Blast, generator and validator loops running in this process',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const { blasts, jobs } = host.activity();
      this.set({ kind: 'blast' }, blasts);
      for (const [kind, running] of Object.entries(jobs)) this.set({ kind }, running);
    },
  });
  return registry;
}
