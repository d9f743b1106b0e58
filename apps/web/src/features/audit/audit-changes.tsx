/** An entry's changed fields as a compact diff: 'Harga per blast: 100 → 180', one line a field. */
import { AUDIT_FIELD_LABEL, auditValueLabel, type TAuditChange } from '@sewablast/contract/audit';
import { formatNumber } from '../../lib/format.ts';

/** Long texts (the announcement, the documents) are cut here; the whole value is the line's tooltip. */
const SHOWN = 60;

/** A value in words: numbers in the Indonesian format, coded values (a withdrawal's status) by their label. */
function worded(table: string, field: string, value: TAuditChange['before']): string | null {
  if (value === null) return null;
  return typeof value === 'number' ? formatNumber(value) : auditValueLabel(table, field, String(value));
}

const cut = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

export function AuditChanges({ table, changes }: { table: string; changes: TAuditChange[] }) {
  if (changes.length === 0) return <span className="text-slate-500 dark:text-slate-400">-</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map(({ field, before: rawBefore, after: rawAfter }) => {
        const [before, after] = [worded(table, field, rawBefore), worded(table, field, rawAfter)];
        return (
          <li key={field} title={`${before ?? '-'} → ${after ?? '-'}`} className="break-words">
            <span className="font-medium text-slate-600 dark:text-slate-400">
              {AUDIT_FIELD_LABEL[field] ?? field}:{' '}
            </span>
            {before !== null && <span className={after === null ? 'line-through' : undefined}>{cut(before)}</span>}
            {before !== null && after !== null && <span aria-hidden="true"> → </span>}
            {before !== null && after !== null && <span className="sr-only"> menjadi </span>}
            {after !== null && <span className="font-semibold text-slate-900 dark:text-slate-100">{cut(after)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
