/**
 * The log's filters: one action, and a period of whole days; each change goes back to page 1. Each date
 * field bounds the other, so the picker offers no end before the start; a typed one is named under
 * 'Sampai tanggal' and never sent.
 */
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS } from '@sewablast/contract/audit';
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { FIRST_DAY, LAST_DAY } from '@sewablast/contract/days';
import { clsx } from 'clsx';
import { FieldFrame, inputClass } from '../../components/field.tsx';

interface AuditFiltersProps {
  action: string;
  from: string;
  to: string;
  /** The period's fault, shown under the end date. */
  rangeError?: string;
  /** A filter changed (the list goes back to page 1). */
  onChange: (name: 'action' | 'from' | 'to', value: string) => void;
}

/** Whether `to` comes before `from`: a period the server refuses. */
export const isInverted = (from: string | undefined, to: string | undefined) => Boolean(from && to && to < from);

export function AuditFilters({ action, from, to, rangeError, onChange }: AuditFiltersProps) {
  const dateField = (name: 'from' | 'to', value: string, bounds: { min: string; max: string }, error?: string) => (
    <FieldFrame label={AUDIT_TEXT[name]} htmlFor={`audit-${name}`} error={error} className="w-full sm:w-44">
      <input
        id={`audit-${name}`}
        type="date"
        {...bounds}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `audit-${name}-error` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
        className={clsx(inputClass(Boolean(error)), 'h-10 py-0')}
      />
    </FieldFrame>
  );
  return (
    <div className="flex flex-wrap items-start gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
      <FieldFrame label={AUDIT_TEXT.filterAction} htmlFor="audit-action" className="w-full sm:w-56">
        <select
          id="audit-action"
          value={action}
          onChange={(event) => onChange('action', event.target.value)}
          className={clsx(inputClass(false), 'h-10 py-0')}
        >
          <option value="">{AUDIT_TEXT.allActions}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ACTION_LABEL[value]}
            </option>
          ))}
        </select>
      </FieldFrame>
      {dateField('from', from, { min: FIRST_DAY, max: to || LAST_DAY })}
      {dateField('to', to, { min: from || FIRST_DAY, max: LAST_DAY }, rangeError)}
    </div>
  );
}
