/**
 * The dev monitors (spec part 2 §2 "Monitors (dev)", §7 "Monitors", issue 14): what this node, a device's
 * worker and the live channel are doing. `GET /dev/monitor/local`, `/dev/monitor/remote?id`,
 * `/dev/monitor/socket?id`; each answers `{data}`.
 */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './monitor-calls.ts';

/** Spec part 2 §2: `type` is `string`/0 raw JSON text, `JsonViewer`/1 a JSON viewer, `JSONTree`/2 a JSON tree. */
export const MONITOR_MODES = ['string', 'JsonViewer', 'JSONTree'] as const;
export type TMonitorMode = (typeof MONITOR_MODES)[number];

/** The mode a `type` query value names; anything else is the raw text. */
export function monitorModeOf(type: string | null | undefined): TMonitorMode {
  if (type === 'JsonViewer' || type === '1') return 'JsonViewer';
  if (type === 'JSONTree' || type === '2') return 'JSONTree';
  return 'string';
}

/** Spec part 2 §9: the JSON tree collapses collections beyond 50 items. */
export const TREE_COLLECTION_LIMIT = 50;

/** A device's client id, an account's id, or a live channel (`client-admin`, `client-{userId}`). */
export const ZMonitorQuery = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type TMonitorQuery = z.infer<typeof ZMonitorQuery>;

const ZCount = z.number().int().nonnegative();

/** What a worker does with one account right now, as only the worker holding it knows. */
export const ZDeviceActivity = z.object({
  workerId: z.string(),
  /** Its WhatsApp session is open on that worker. */
  session: z.boolean(),
  /** Its blast loop runs. */
  blast: z.boolean(),
  /** The generator or validator run on it. */
  job: z.object({ kind: z.enum(['generator', 'validator']), id: z.number().int() }).nullable(),
});
export type TDeviceActivity = z.infer<typeof ZDeviceActivity>;

export const ZLocalMonitor = z.object({
  role: z.enum(['all', 'api', 'worker']),
  /** The worker id its leases carry; null on an api node, which holds no sessions. */
  workerId: z.string().nullable(),
  hostname: z.string(),
  pid: z.number().int(),
  uptimeSeconds: z.number(),
  memory: z.object({
    rss: ZCount,
    heapTotal: ZCount,
    heapUsed: ZCount,
    external: ZCount,
    arrayBuffers: ZCount,
  }),
  /** Event-loop delay since the previous read of this monitor (or since start), in milliseconds. */
  eventLoopLagMs: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
  /** Sessions open on this node, by the state their rows record. */
  sessions: z.object({ open: ZCount, byState: z.record(z.string(), ZCount) }),
  /** Account leases this node holds in the database (a session whose lease lapsed is open but not held). */
  leases: z.object({ held: ZCount, clientids: z.array(z.string()) }),
  loops: z.object({ blast: ZCount, generator: ZCount, validator: ZCount }),
  /** Live-channel sockets connected to this node. */
  liveConnections: ZCount,
  /**
   * The WhatsApp Web version this node's Baileys sessions announce: the operator's (WA_VERSION), read from
   * web.whatsapp.com, or Baileys' bundled one because that read failed (`fallbackReason`). Null until a
   * Baileys session has connected (always with the simulator).
   */
  whatsappWebVersion: z
    .object({
      version: z.string(),
      source: z.enum(['override', 'fetched', 'bundled']),
      fallbackReason: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type TLocalMonitor = z.infer<typeof ZLocalMonitor>;

export const ZRemoteMonitor = z.object({
  clientid: z.string(),
  account: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    phonenumber: z.string().nullable(),
    pushname: z.string().nullable(),
    state: z.string(),
    status: z.string(),
    blasting: z.boolean(),
    suspended: z.boolean(),
    count_success: z.number().int(),
    count_fail: z.number().int(),
  }),
  leaseUntil: z.string().nullable(),
  /** Read from the worker holding the lease, over the command transport when that is another process. */
  live: ZDeviceActivity,
});
export type TRemoteMonitor = z.infer<typeof ZRemoteMonitor>;

export const ZLiveConnection = z.object({
  /** The node the socket is connected to. */
  node: z.string(),
  channel: z.string(),
  userId: z.number().int(),
  role: z.string(),
  connectedAt: z.string(),
  remoteAddress: z.string(),
});
export type TLiveConnection = z.infer<typeof ZLiveConnection>;

export const ZSocketMonitor = z.object({
  id: z.string(),
  /** The channels whose sockets receive the events of `id`: a device's owner and `client-admin`, or the channel named. */
  channels: z.array(z.string()),
  /** Whether every api node was asked (over Redis), or only this one (a single process). */
  scope: z.enum(['cluster', 'node']),
  connections: z.array(ZLiveConnection),
});
export type TSocketMonitor = z.infer<typeof ZSocketMonitor>;

export const ZLocalMonitorResponse = z.object({ data: ZLocalMonitor });
export const ZRemoteMonitorResponse = z.object({ data: ZRemoteMonitor });
export const ZSocketMonitorResponse = z.object({ data: ZSocketMonitor });

/** What the server checks of each call in monitor-calls.ts. */
export const MONITOR_SCHEMAS = schemasOf<typeof calls>()(['dev'], {
  local: {
    summary: 'This node: sessions by state, leases held, loops by kind, memory, event-loop lag, role and worker id',
    response: { 200: ZLocalMonitorResponse },
  },
  remote: {
    summary: "A device's live state, from whichever worker holds its lease (id: client id or account id)",
    querystring: ZMonitorQuery,
    response: { 200: ZRemoteMonitorResponse },
  },
  socket: {
    summary: "The live-channel sockets that receive an id's events (a device, or a channel), on every api node",
    querystring: ZMonitorQuery,
    response: { 200: ZSocketMonitorResponse },
  },
});
