/**
 * The one access check of the services (the immich way): role first, then ownership of the exact rows
 * named. A route has already refused a caller outside its role group before the body was read
 * (`http/access.ts`); a service method that names a user's rows begins with `requireAccess`.
 */
import { inGroup, type RoleGroup } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { type Column, eq, type SQL } from 'drizzle-orm';
import type { Actor } from './actor.ts';
import { forbidden } from './app-error.ts';

export interface AccessRule {
  /** The caller's role must be in this group. */
  group?: RoleGroup;
  /**
   * The owner of the rows named (a user id): the caller must be that user or in `managedBy`. `null` stands
   * for rows that do not exist; to everyone outside `managedBy` that looks the same as somebody else's.
   */
  owner?: number | null;
  /** Who may act on other users' rows: admins and devs unless a rule says otherwise. */
  managedBy?: RoleGroup;
}

function can(actor: Actor, rule: AccessRule): boolean {
  if (rule.group && !inGroup(actor.role, rule.group)) return false;
  if (rule.owner === undefined) return true;
  return inGroup(actor.role, rule.managedBy ?? 'managers') || rule.owner === actor.id;
}

/** Throws 403 unless the actor passes the rule. */
export function requireAccess(actor: Actor, rule: AccessRule): void {
  if (!can(actor, rule)) throw forbidden(SERVER_TEXT.forbidden);
}

/** Whether the actor may see every user's rows rather than only their own. */
export function seesAll(actor: Actor, group: RoleGroup = 'managers'): boolean {
  return inGroup(actor.role, group);
}

/**
 * Whose rows a list shows the caller: the user named (`user_id` of a query), once the caller passed the
 * access check for that user's rows; else everyone's (undefined) for `managedBy`, and the caller's own for
 * anyone else.
 */
export function visibleOwner(actor: Actor, named: number | undefined, managedBy: RoleGroup = 'managers') {
  if (named === undefined) return seesAll(actor, managedBy) ? undefined : actor.id;
  requireAccess(actor, { owner: named, managedBy });
  return named;
}

/** `visibleOwner` as a list's condition on its owner column: none when the caller sees everyone's rows. */
export function visibleRows(
  actor: Actor,
  ownerColumn: Column,
  named?: number,
  managedBy: RoleGroup = 'managers',
): SQL | undefined {
  const owner = visibleOwner(actor, named, managedBy);
  return owner === undefined ? undefined : eq(ownerColumn, owner);
}
