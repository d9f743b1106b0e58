/**
 * /dev/monitor (spec part 2 §7 Monitors), one line per call (call.ts): what this node, a device's worker and
 * the live channel are doing, each answering `{data}`; devs only. Schemas: monitor.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TLocalMonitor, TRemoteMonitor, TSocketMonitor, ZMonitorQuery } from './monitor.ts';
import { MONITOR_TEXT } from './monitor-text.ts';

export const area = '/dev/monitor';
type Query = z.input<typeof ZMonitorQuery>;

export const local: Call<{ answer: { data: TLocalMonitor } }> = {
  method: 'GET',
  path: `${area}/local`,
  access: 'devOnly',
  errors: [401, 403],
  fallback: MONITOR_TEXT.fetchFailed,
};
/** 503 while no worker holds the device's lease. */
export const remote: Call<{ query: Query; answer: { data: TRemoteMonitor } }> = {
  method: 'GET',
  path: `${area}/remote`,
  access: 'devOnly',
  errors: [400, 401, 403, 404, 503],
  fallback: MONITOR_TEXT.fetchFailed,
};
export const socket: Call<{ query: Query; answer: { data: TSocketMonitor } }> = {
  method: 'GET',
  path: `${area}/socket`,
  access: 'devOnly',
  errors: [400, 401, 403, 404],
  fallback: MONITOR_TEXT.fetchFailed,
};
