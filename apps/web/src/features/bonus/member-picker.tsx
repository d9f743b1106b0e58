/**
 * The bonus form's member: a combobox searched on the server by the start of a name or email (so that it stays
 * quick with 100 000 members), moved through by keyboard (cmdk, DESIGN §3), each option with name and email.
 * A member preselected by the address is asked for by id, so it shows even when no search would list it.
 */
import { MEMBER_TEXT, type TMemberOption } from '@sewablast/contract/members';
import { clsx } from 'clsx';
import { Command } from 'cmdk';
import { Check } from 'lucide-react';
import { type Ref, useEffect, useId, useState } from 'react';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useMemberOptions } from './api/member-options.ts';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const TYPING_PAUSE_MS = 250;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

interface MemberPickerProps {
  value: number | undefined;
  onChange: (id: number) => void;
  /** The member the address named, asked for first whatever the search. */
  preselected: number | null;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function MemberPicker({ value, onChange, preselected, error, inputRef }: MemberPickerProps) {
  const errorId = useId();
  const [search, setSearch] = useState('');
  const options = useMemberOptions(useSettled(search.trim()), preselected);
  const list = options.data?.list ?? [];
  const [chosen, setChosen] = useState<TMemberOption | null>(null);
  const shown = chosen?.id === value ? chosen : list.find((option) => option.id === value);

  const choose = (option: TMemberOption) => {
    setChosen(option);
    onChange(option.id);
  };

  return (
    <FieldFrame label={MEMBER_TEXT.pickMember} errorId={errorId} error={error}>
      <p aria-live="polite" className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        {shown ? (
          <>
            {MEMBER_TEXT.pickChosen} <strong className="text-slate-900 dark:text-white">{shown.name}</strong> (
            {shown.email})
          </>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{MEMBER_TEXT.pickNothing}</span>
        )}
      </p>
      {/* The server searches; cmdk only lays out the list and its keyboard moves. */}
      <Command shouldFilter={false} loop label={MEMBER_TEXT.pickMember}>
        <Command.Input
          ref={inputRef}
          value={search}
          onValueChange={setSearch}
          placeholder={MEMBER_TEXT.pickPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass(Boolean(error))}
        />
        <Command.List className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700">
          {options.isPending ? (
            <Command.Loading>
              <span className="flex items-center gap-2 px-3 py-2.5 text-sm text-slate-500 dark:text-slate-400">
                <Spinner size={14} /> Loading...
              </span>
            </Command.Loading>
          ) : options.error ? (
            <p className="px-3 py-2.5 text-sm text-red-600 dark:text-red-400">{options.error.message}</p>
          ) : list.length === 0 ? (
            <p className="px-3 py-2.5 text-sm text-slate-500 dark:text-slate-400">{MEMBER_TEXT.pickNone}</p>
          ) : (
            list.map((option) => (
              <Command.Item
                key={option.id}
                value={String(option.id)}
                onSelect={() => choose(option)}
                data-chosen={option.id === value}
                className={clsx(
                  'flex w-full cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-left text-sm last:border-b-0 data-[selected=true]:bg-slate-100 dark:border-slate-800 dark:data-[selected=true]:bg-slate-800',
                  option.id === value && 'bg-brand-50/60 dark:bg-brand-600/10',
                )}
              >
                <span
                  aria-hidden
                  className={clsx(
                    'flex size-4 shrink-0 items-center justify-center rounded-full border',
                    option.id === value
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 dark:border-slate-600',
                  )}
                >
                  {option.id === value && <Check size={12} />}
                </span>
                <span className="min-w-0">
                  <span className="block font-medium text-slate-800 dark:text-slate-100">{option.name}</span>
                  <span className="block truncate text-slate-600 dark:text-slate-400">{option.email}</span>
                </span>
              </Command.Item>
            ))
          )}
        </Command.List>
      </Command>
    </FieldFrame>
  );
}
