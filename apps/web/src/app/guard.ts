/**
 * The one guard of the route table (spec part 1 §2): who may stay on a path, and where everyone else goes.
 * Pure, so that it is tested without a browser.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import { canOpen, normalisePath, STAFF_HOME } from '@sewablast/contract/routes';

export const NOT_AUTHORIZED = '/not-authorized';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export function guard(path: string, token: string | null, role: string | null | undefined): GuardDecision {
  const who = effectiveRole(role);
  if (!token || !who) return { kind: 'redirect', to: '/signin' };
  const at = normalisePath(path);
  if (who === 'staff' && (at === '/' || at === '/dashboard')) return { kind: 'redirect', to: STAFF_HOME };
  if (at === NOT_AUTHORIZED) return { kind: 'allow' };
  return canOpen(who, at) ? { kind: 'allow' } : { kind: 'redirect', to: NOT_AUTHORIZED };
}
