/** The dev monitors' reads (spec part 2 §7): `/dev/monitor/local`, `/remote?id`, `/socket?id`, each `{data}`. */
import {
  MONITOR_TEXT,
  type TLocalMonitor,
  type TRemoteMonitor,
  type TSocketMonitor,
} from '@sewablast/contract/monitor';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

interface MonitorData {
  local: TLocalMonitor;
  remote: TRemoteMonitor;
  socket: TSocketMonitor;
}
export type DataMonitor = keyof MonitorData;

/** Whether the monitor reads one id's data; without an id it asks for none. */
export const takesId = (kind: DataMonitor) => kind !== 'local';

export function useMonitorData<K extends DataMonitor>(kind: K, id: string) {
  return useQuery({
    queryKey: ['monitor', kind, id],
    queryFn: ({ signal }) =>
      api<{ data: MonitorData[K] }>(`/monitor/${kind}${takesId(kind) ? `?id=${encodeURIComponent(id)}` : ''}`, {
        root: '/dev',
        fallback: MONITOR_TEXT.fetchFailed,
        signal,
      }),
    enabled: !takesId(kind) || id !== '',
    retry: false,
  });
}
