/** The log's filters: one action, and a period of whole days; each change goes back to page 1. */
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS, AUDIT_TEXT } from '@sewablast/contract/audit';
import { FIRST_DAY, LAST_DAY } from '@sewablast/contract/days';
import { clsx } from 'clsx';
import { inputClass } from '../../components/field.tsx';

interface AuditFiltersProps {
  action: string;
  from: string;
  to: string;
  onChange: (next: Record<string, string>) => void;
}

export function AuditFilters({ action, from, to, onChange }: AuditFiltersProps) {
  const dateField = (name: 'from' | 'to', value: string) => (
    <label className="block w-full text-sm font-medium text-slate-700 sm:w-44 dark:text-slate-300">
      <span className="mb-1 block">{AUDIT_TEXT[name]}</span>
      <input
        type="date"
        min={FIRST_DAY}
        max={LAST_DAY}
        value={value}
        onChange={(event) => onChange({ page: '1', [name]: event.target.value })}
        className={clsx(inputClass(false), 'h-10 py-0')}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
      <label className="block w-full text-sm font-medium text-slate-700 sm:w-56 dark:text-slate-300">
        <span className="mb-1 block">{AUDIT_TEXT.filterAction}</span>
        <select
          value={action}
          onChange={(event) => onChange({ page: '1', action: event.target.value })}
          className={clsx(inputClass(false), 'h-10 py-0')}
        >
          <option value="">{AUDIT_TEXT.allActions}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABEL[value]}
            </option>
          ))}
        </select>
      </label>
      {dateField('from', from)}
      {dateField('to', to)}
    </div>
  );
}
