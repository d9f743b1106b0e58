/** An audit row as the list shows it: who, the target in words, and the fields that changed. */
import {
  AUDIT_FIELD_LABEL,
  auditTarget,
  type TAuditAction,
  type TAuditChange,
  type TAuditEntry,
} from '@sewablast/contract/audit';
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import type { auditLog } from '../../db/schema.ts';
import type { MemberNames } from '../users/names.ts';

export type AuditRow = typeof auditLog.$inferSelect;
type Fields = Record<string, unknown>;

const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});

/** The scalar a field shows; anything else the log may hold one day is shown as its JSON. */
function scalar(value: unknown): TAuditChange['before'] {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** The order the screen shows fields in: the contract's label list; the owner is the summary's, not a change. */
const FIELD_ORDER = Object.keys(AUDIT_FIELD_LABEL);
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);

export function changesOf(before: Fields, after: Fields): TAuditChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => field !== 'user_id');
  return fields
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({ field, before: scalar(before[field]), after: scalar(after[field]) }))
    .filter((change) => change.before !== change.after);
}

/** The members an entry names besides its actor: the owner of a withdrawal or bonus, the user changed. */
export function memberOf(row: AuditRow): number | null {
  if (row.target_table === 'users') return row.target_id;
  const owner = { ...fieldsOf(row.before), ...fieldsOf(row.after) }.user_id;
  return typeof owner === 'number' ? owner : null;
}

const nameOf = (names: MemberNames, id: number | null) => {
  const name = id === null ? undefined : names.get(id);
  return name ? `${name.firstname} ${name.lastname}`.trim() : id === null ? null : `#${id}`;
};

function summaryOf(row: AuditRow, fields: Fields, names: MemberNames): string {
  const id = row.target_id ?? 0;
  const member = nameOf(names, memberOf(row)) ?? '-';
  const amount = typeof fields.nominal === 'number' ? rupiah.format(fields.nominal) : '-';
  switch (row.target_table) {
    case 'withdrawals':
      return auditTarget.withdrawals(id, member, amount);
    case 'bonuses':
      return auditTarget.bonuses(id, member, amount);
    case 'users':
      return auditTarget.users(id, member);
    case 'levels':
      return auditTarget.levels(id, String(fields.name ?? '-'));
    default:
      return AUDIT_TEXT.settings;
  }
}

export function presentAudit(row: AuditRow, names: MemberNames): TAuditEntry {
  const before = fieldsOf(row.before);
  const after = fieldsOf(row.after);
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    actorId: row.actor_id,
    actorName: nameOf(names, row.actor_id),
    action: row.action as TAuditAction,
    targetTable: row.target_table,
    targetId: row.target_id,
    summary: summaryOf(row, { ...before, ...after }, names),
    changes: changesOf(before, after),
  };
}
