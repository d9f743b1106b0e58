/**
 * The one writer of the audit log (DESIGN §4 `audit_log`). It takes the transaction of the change it
 * records, so that the entry commits with the change or not at all: a rolled-back decision leaves no entry,
 * and an entry that cannot be written undoes the change.
 */
import type { TAuditAction } from '@sewablast/contract/audit';
import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** A row's audited fields: the ones a reader needs to see what changed, never a hash or a token. */
export type AuditFields = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  /** Who made the change; null for the system (a seed, a test's direct service call). */
  actorId: number | null;
  action: TAuditAction;
  table: 'withdrawals' | 'bonuses' | 'users' | 'settings' | 'levels';
  id: number;
  before: AuditFields | null;
  after: AuditFields | null;
}

export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: entry.actorId,
    action: entry.action,
    target_table: entry.table,
    target_id: entry.id,
    before: entry.before,
    after: entry.after,
  });
}

/** `row`'s values of `keys` only. */
export function pick<Row extends Record<string, unknown>, Key extends keyof Row & string>(
  row: Row,
  keys: readonly Key[],
): AuditFields {
  return Object.fromEntries(keys.map((key) => [key, (row[key] ?? null) as AuditFields[string]]));
}

/** `before` and `after` cut down to the fields whose value differs; null when none does. */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } | null {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  if (keys.length === 0) return null;
  return { before: pick(before, keys), after: pick(after, keys) };
}
