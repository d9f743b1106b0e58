/**
 * The staff, admins and devs as a manager sees them, with their second factor's state: where an admin finds
 * the user who lost their phone and resets their second factor. Who may reset whose is one rule, shared with
 * the reset itself: a dev anyone's, an admin a staff user's, nobody their own.
 */

import type { TPageQuery } from '@sewablast/contract/paging';
import { effectiveRole, inGroup, type Role } from '@sewablast/contract/roles';
import type { TBackOfficeUser, TBackOfficeUserPage } from '@sewablast/contract/two-factor';
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { paged } from '../../lib/paging.ts';
import { memberSearch } from '../users/names.ts';

export function mayResetTwoFactor(actor: Actor, target: { id: number; role: Role | null }): boolean {
  if (actor.id === target.id) return false;
  return !(actor.role === 'admin' && target.role !== null && inGroup(target.role, 'managers'));
}

/** Any role but member and staff acts as admin (spec part 1 §3), so the back office is every role but member. */
const backOffice = sql`${users.role} <> 'member'`;

export function createBackOfficeUsers(db: Db) {
  return {
    /** Newest first, searched as the member list is (a part of the name or email). */
    page(actor: Actor, query: TPageQuery): Promise<TBackOfficeUserPage> {
      const where = and(backOffice, memberSearch(query.search));
      const keyset = { columns: [users.created_at, users.id], desc: true };
      return paged(
        db,
        query,
        { table: users, where, orderBy: [desc(users.created_at), desc(users.id)], keyset },
        (rows) =>
          rows.map((row): TBackOfficeUser => {
            const role = effectiveRole(row.role);
            return {
              id: row.id,
              firstname: row.firstname,
              lastname: row.lastname,
              email: row.email,
              role: role === 'staff' || role === 'dev' ? role : 'admin',
              two_factor: row.totp_enabled_at !== null,
              two_factor_resettable: row.totp_enabled_at !== null && mayResetTwoFactor(actor, { id: row.id, role }),
              last_seen_at: row.last_seen_at?.toISOString() ?? null,
            };
          }),
      );
    },
  };
}

export type BackOfficeUsers = ReturnType<typeof createBackOfficeUsers>;
