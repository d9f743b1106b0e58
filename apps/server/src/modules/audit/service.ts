/**
 * The audit log for admins and devs (issue 11 item 8): a page of entries, newest first, filtered by action,
 * actor and whole days in the business time zone. Entries are written by `lib/audit.ts` alone.
 */
import type { TAuditPage, TAuditQuery } from '@sewablast/contract/audit';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { endOfBusinessDate, startOfBusinessDate } from '../../lib/business-day.ts';
import { paged } from '../../lib/paging.ts';
import { memberNames } from '../users/names.ts';
import { type AuditRow, memberOf, presentAudit } from './present.ts';

export function createAuditService(db: Db, timeZone: string) {
  async function presentAll(rows: AuditRow[]) {
    const ids = rows.flatMap((row) => [row.actor_id, memberOf(row)]).filter((id): id is number => id !== null);
    const names = await memberNames(db, ids);
    return rows.map((row) => presentAudit(row, names));
  }

  return {
    async page(actor: Actor, query: TAuditQuery): Promise<TAuditPage> {
      requireAccess(actor, { group: 'managers' });
      const where = and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.actor_id ? eq(auditLog.actor_id, query.actor_id) : undefined,
        query.from ? gte(auditLog.created_at, startOfBusinessDate(timeZone, query.from)) : undefined,
        query.to ? lt(auditLog.created_at, endOfBusinessDate(timeZone, query.to)) : undefined,
      );
      const orderBy = [desc(auditLog.created_at), desc(auditLog.id)];
      const keyset = { columns: [auditLog.created_at, auditLog.id], desc: true };
      return paged(db, query, { table: auditLog, where, orderBy, keyset }, presentAll);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
