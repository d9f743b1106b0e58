/**
 * 'Choose Receivers': 'All', or active numbers picked one by one. The list is searched on the server, so it
 * stays usable with a million numbers; the chosen ones show as chips that can be taken off again. Keyboard
 * moves and the combobox roles come from cmdk (DESIGN §3).
 */
import { BLASTER_ALL, BLASTER_TEXT } from '@sewablast/contract/whatsapp';
import { clsx } from 'clsx';
import { Command } from 'cmdk';
import { Check, X } from 'lucide-react';
import { type Ref, useDeferredValue, useId, useState } from 'react';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useReceiverOptions } from './api/blaster.ts';

interface ReceiversPickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** The search box, which the form focuses when no receiver was chosen. */
  inputRef?: Ref<HTMLInputElement>;
}

export function ReceiversPicker({ value, onChange, error, inputRef }: ReceiversPickerProps) {
  const errorId = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const options = useReceiverOptions(deferred);
  const all = value.includes(BLASTER_ALL);
  const active = (options.data?.data ?? []).filter((number) => number.status === 'active');

  const toggle = (number: string) =>
    onChange(
      number === BLASTER_ALL
        ? all
          ? []
          : [BLASTER_ALL]
        : value.includes(number)
          ? value.filter((chosen) => chosen !== number)
          : [...value.filter((chosen) => chosen !== BLASTER_ALL), number],
    );

  return (
    <FieldFrame label={BLASTER_TEXT.receivers} errorId={errorId} error={error}>
      {value.length > 0 && (
        <ul aria-label="Penerima terpilih" className="mb-2 flex flex-wrap gap-1.5">
          {value.map((number) => (
            <li
              key={number}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-700 dark:bg-brand-600/15 dark:text-brand-100"
            >
              {number}
              <button
                type="button"
                onClick={() => toggle(number)}
                aria-label={`Hapus ${number}`}
                className="rounded-full p-0.5 hover:bg-brand-100 dark:hover:bg-brand-600/30"
              >
                <X size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The server searches; cmdk only lays out the list and its keyboard moves. */}
      <Command shouldFilter={false} loop label="Choose Receivers">
        <Command.Input
          ref={inputRef}
          value={search}
          onValueChange={setSearch}
          placeholder="Cari nomor atau nama..."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass(Boolean(error))}
        />
        <Command.List className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <Option label={BLASTER_ALL} hint="Semua nomor aktif" chosen={all} onToggle={() => toggle(BLASTER_ALL)} />
          {options.isPending ? (
            <Command.Loading>
              <span className="flex items-center gap-2 px-3 py-2.5 text-sm text-slate-500">
                <Spinner size={14} /> Loading...
              </span>
            </Command.Loading>
          ) : options.error ? (
            <p className="px-3 py-2.5 text-sm text-red-600 dark:text-red-400">{options.error.message}</p>
          ) : active.length === 0 ? (
            <p className="px-3 py-2.5 text-sm text-slate-500 dark:text-slate-400">Tidak ada nomor aktif yang cocok.</p>
          ) : (
            active.map((number) => (
              <Option
                key={number.id}
                label={number.number}
                hint={number.name}
                chosen={all || value.includes(number.number)}
                disabled={all}
                onToggle={() => toggle(number.number)}
              />
            ))
          )}
        </Command.List>
      </Command>
    </FieldFrame>
  );
}

function Option({
  label,
  hint,
  chosen,
  disabled,
  onToggle,
}: {
  label: string;
  hint: string;
  chosen: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <Command.Item
      value={label}
      disabled={disabled}
      onSelect={onToggle}
      data-chosen={chosen}
      className={clsx(
        'flex w-full cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-left text-sm last:border-b-0 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-60 data-[selected=true]:bg-slate-100 dark:border-slate-800 dark:data-[selected=true]:bg-slate-800',
        chosen && 'bg-brand-50/60 dark:bg-brand-600/10',
      )}
    >
      <span
        aria-hidden
        className={clsx(
          'flex size-4 shrink-0 items-center justify-center rounded border',
          chosen ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        {chosen && <Check size={12} />}
      </span>
      <span className="font-medium text-slate-800 dark:text-slate-100">{label}</span>
      {hint && <span className="truncate text-slate-600 dark:text-slate-400">{hint}</span>}
    </Command.Item>
  );
}
