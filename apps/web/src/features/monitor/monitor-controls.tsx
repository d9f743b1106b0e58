/**
 * A monitor's controls, kept in the address (spec part 2 §2): the `id` it reads, where it takes one, and the
 * display mode `type`, where it shows JSON.
 */
import { MONITOR_MODES, type TMonitorMode } from '@sewablast/contract/monitor';
import { MONITOR_TEXT } from '@sewablast/contract/monitor-text';
import { type FormEvent, useId } from 'react';
import { Button } from '../../components/button.tsx';
import { inputClass } from '../../components/field.tsx';

const MODE_LABEL: Record<TMonitorMode, string> = { string: 'string', JsonViewer: 'JsonViewer', JSONTree: 'JSONTree' };

interface Props {
  /** The id read now; undefined when the monitor takes none. */
  id?: string;
  onId?: (id: string) => void;
  /** The display mode; undefined when the monitor shows no JSON. */
  mode?: TMonitorMode;
  onMode?: (mode: TMonitorMode) => void;
}

export function MonitorControls({ id, onId, mode, onMode }: Props) {
  const inputId = useId();
  const modeId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('id');
    onId?.(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      {id !== undefined && (
        <form onSubmit={submit} className="flex min-w-0 flex-1 flex-wrap items-end gap-2 sm:flex-none">
          <div className="min-w-0 flex-1 sm:w-72">
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {MONITOR_TEXT.idLabel}
            </label>
            <input
              key={id}
              id={inputId}
              name="id"
              defaultValue={id}
              placeholder={MONITOR_TEXT.idPlaceholder}
              maxLength={64}
              autoComplete="off"
              className={inputClass(false)}
            />
          </div>
          <Button type="submit">{MONITOR_TEXT.show}</Button>
        </form>
      )}
      {mode !== undefined && (
        <div>
          <label htmlFor={modeId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
            {MONITOR_TEXT.modeLabel}
          </label>
          <select
            id={modeId}
            value={mode}
            onChange={(event) => onMode?.(event.target.value as TMonitorMode)}
            className={inputClass(false)}
          >
            {MONITOR_MODES.map((value) => (
              <option key={value} value={value}>
                {MODE_LABEL[value]}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
