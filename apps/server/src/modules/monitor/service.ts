/**
 * The dev monitors (spec part 2 §2, §7; issue 14): this node's sessions, leases, loops, memory and event-loop
 * lag; one device's live state from whichever worker holds it; the live-channel sockets that receive an id's
 * events, across api nodes when they share Redis.
 */
import { hostname } from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { ADMIN_CHANNEL, memberChannel } from '@sewablast/contract/live-channel';
import type { TDeviceActivity, TLocalMonitor, TRemoteMonitor, TSocketMonitor } from '@sewablast/contract/monitor';
import { MONITOR_TEXT } from '@sewablast/contract/monitor-text';
import type { Db } from '../../db/client.ts';
import type { SessionHost } from '../../engine/index.ts';
import { EngineUnavailable } from '../../engine/index.ts';
import { notFound, unavailable } from '../../lib/app-error.ts';
import { type LiveConnections, THIS_NODE } from '../../live/connections.ts';
import { accountNamed, clientidsHeldBy, statesOf } from '../whatsapp/accounts-read.ts';
import type { Census } from './census.ts';

export interface MonitorDeps {
  db: Db;
  /** This process's sessions (roles `all` and `worker`). */
  host: SessionHost | null;
  /** Whoever answers for a device: the host itself, or the lease holder over Redis. */
  devices: { describe(clientid: string): Promise<TDeviceActivity | null> } | null;
  connections: LiveConnections;
  /** Asks every node for its sockets; null in a single process. */
  census: Census | null;
  /** The WhatsApp Web version this node's sessions announce, and where it came from. */
  whatsappWebVersion: () => TLocalMonitor['whatsappWebVersion'];
}

type Role = TLocalMonitor['role'];

const CHANNEL = /^client-(admin|\d{1,9})$/;
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/** The event loop is the process's: one histogram for it however many services are made (tests make many). */
let loopDelay: IntervalHistogram | null = null;
function eventLoopDelay(): IntervalHistogram {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  }
  return loopDelay;
}

export function createMonitorService({ db, host, devices, connections, census, whatsappWebVersion }: MonitorDeps) {
  const lag = eventLoopDelay();

  return {
    async local(role: Role): Promise<TLocalMonitor> {
      const activity = host?.activity() ?? { clientids: [], blasts: 0, jobs: { generator: 0, validator: 0 } };
      const workerId = host?.workerId ?? null;
      const [byState, leased] = await Promise.all([statesOf(db, activity.clientids), clientidsHeldBy(db, workerId)]);
      const memory = process.memoryUsage();
      const eventLoopLagMs = { mean: ms(lag.mean || 0), p99: ms(lag.percentile(99) || 0), max: ms(lag.max || 0) };
      lag.reset();
      return {
        role,
        workerId,
        hostname: hostname(),
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        memory: {
          rss: memory.rss,
          heapTotal: memory.heapTotal,
          heapUsed: memory.heapUsed,
          external: memory.external,
          arrayBuffers: memory.arrayBuffers,
        },
        eventLoopLagMs,
        sessions: { open: activity.clientids.length, byState },
        leases: { held: leased.length, clientids: leased },
        loops: { blast: activity.blasts, ...activity.jobs },
        liveConnections: connections.size,
        whatsappWebVersion: whatsappWebVersion(),
      };
    },

    async remote(id: string): Promise<TRemoteMonitor> {
      const account = await accountNamed(db, id);
      if (!account) throw notFound(MONITOR_TEXT.unknownDevice);
      let live: TDeviceActivity | null;
      try {
        live = host?.holds(account.clientid)
          ? await host.describe(account.clientid)
          : ((await devices?.describe(account.clientid)) ?? null);
      } catch (error) {
        // The lease names a worker that did not answer: it may be dying, and its lease will lapse.
        if (error instanceof EngineUnavailable) throw unavailable(error.message);
        throw error;
      }
      if (!live) throw notFound(MONITOR_TEXT.notHeld);
      return {
        clientid: account.clientid,
        account: {
          id: account.id,
          user_id: account.user_id,
          phonenumber: account.phonenumber,
          pushname: account.pushname,
          state: account.state,
          status: account.status,
          blasting: account.blasting,
          suspended: account.suspended,
          count_success: account.count_success,
          count_fail: account.count_fail,
        },
        leaseUntil: account.lease_until?.toISOString() ?? null,
        live,
      };
    },

    async socket(id: string): Promise<TSocketMonitor> {
      const account = await accountNamed(db, id);
      const channels = account ? [memberChannel(account.user_id), ADMIN_CHANNEL] : CHANNEL.test(id) ? [id] : null;
      if (!channels) throw notFound(MONITOR_TEXT.unknownChannel);
      const found = census
        ? await census(channels)
        : connections.on(channels).map((connection) => ({ ...connection, node: THIS_NODE }));
      return { id, channels, scope: census ? 'cluster' : 'node', connections: found };
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
