/**
 * The one guard of the route table (spec part 1 §2): who may stay on a path, and where everyone else goes.
 * Pure, so that it is tested without a browser.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import { canOpen, normalisePath, STAFF_HOME } from '@sewablast/contract/routes';

export const NOT_AUTHORIZED = '/not-authorized';
/** Where a user signed in with a temporary password stays until they choose their own. */
export const CHANGE_PASSWORD = '/change-password';
/** Where a back-office user without a required second factor stays until it is set up. */
export const TWO_FACTOR_SETUP = '/two-factor-setup';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export function guard(
  path: string,
  token: string | null,
  role: string | null | undefined,
  mustChangePassword = false,
  twoFactorSetup = false,
): GuardDecision {
  const who = effectiveRole(role);
  if (!token || !who) return { kind: 'redirect', to: '/signin' };
  if (mustChangePassword) return { kind: 'redirect', to: CHANGE_PASSWORD };
  if (twoFactorSetup) return { kind: 'redirect', to: TWO_FACTOR_SETUP };
  const at = normalisePath(path);
  if (who === 'staff' && (at === '/' || at === '/dashboard')) return { kind: 'redirect', to: STAFF_HOME };
  if (at === NOT_AUTHORIZED) return { kind: 'allow' };
  return canOpen(who, at) ? { kind: 'allow' } : { kind: 'redirect', to: NOT_AUTHORIZED };
}
