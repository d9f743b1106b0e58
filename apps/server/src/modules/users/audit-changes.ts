/**
 * A user update's audit entries: a role change and a change of the member's blast intervals, each its own
 * action, written in the update's transaction (bank details and emails: account-change.ts). Names and
 * passwords are not audited.
 */

import type { Tx } from '../../db/client.ts';
import type { users } from '../../db/schema.ts';
import { changedFields, pick, recordAudit } from '../../lib/audit.ts';

const AUDITED = {
  'user.role_changed': ['role'],
  'user.interval_changed': ['blast_interval_min', 'blast_interval_max'],
} as const;

type Audited = Pick<typeof users.$inferSelect, 'role' | 'blast_interval_min' | 'blast_interval_max'>;

export async function auditUserChanges(tx: Tx, actorId: number, id: number, before: Audited, after: Audited) {
  for (const [action, keys] of Object.entries(AUDITED) as [keyof typeof AUDITED, readonly (keyof Audited)[]][]) {
    const changed = changedFields(pick(before, keys), pick(after, keys));
    if (changed) await recordAudit(tx, { actorId, action, table: 'users', id, ...changed });
  }
}
