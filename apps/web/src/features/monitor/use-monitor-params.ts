/** A monitor's `id` and `type` from the address; a change replaces the one value and keeps the other. */
import { monitorModeOf, type TMonitorMode } from '@sewablast/contract/monitor';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useMonitorParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: 'id' | 'type', value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [setParams],
  );
  return {
    id: params.get('id') ?? '',
    mode: monitorModeOf(params.get('type')),
    setId: useCallback((id: string) => set('id', id), [set]),
    setMode: useCallback((mode: TMonitorMode) => set('type', mode), [set]),
  };
}
