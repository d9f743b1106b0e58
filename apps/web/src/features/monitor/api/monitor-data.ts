/** The dev monitors' reads (spec part 2 §7): `/dev/monitor/local`, `/remote?id`, `/socket?id`, each `{data}`. */
import type { Call } from '@sewablast/contract/call';
import * as monitor from '@sewablast/contract/monitor-calls';
import { useCall } from '../../../lib/use-call.ts';

const READS = { local: monitor.local, remote: monitor.remote, socket: monitor.socket };
export type DataMonitor = keyof typeof READS;

/** What the page does with any of the three: shows its `data` as JSON. */
type MonitorRead = Call<{ query?: { id: string }; answer: { data: object } }>;

/** Whether the monitor reads one id's data; without an id it asks for none. */
export const takesId = (kind: DataMonitor) => kind !== 'local';

export function useMonitorData(kind: DataMonitor, id: string) {
  const read: MonitorRead = READS[kind];
  return useCall(read, takesId(kind) ? { query: { id } } : {}, {
    enabled: !takesId(kind) || id !== '',
    retry: false,
  });
}
