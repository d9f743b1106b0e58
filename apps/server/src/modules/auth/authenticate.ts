/**
 * Token → user → role, the one way a caller is recognised: by the HTTP access hook, the live channel and
 * token validation alike. The user's row is read each time, so that a role change, a deleted user or a
 * password change (a raised `token_version`) takes effect on the next call, not when the token expires.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import type { Actor } from '../../lib/actor.ts';
import type { UserRow, UserService } from '../users/service.ts';
import type { TokenService } from './tokens.ts';

export type Authenticate = (token: string) => Promise<{ actor: Actor; user: UserRow } | null>;

export function createAuthenticate(tokens: TokenService, users: Pick<UserService, 'findById'>): Authenticate {
  return async (token) => {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const user = await users.findById(claims.userId);
    const role = effectiveRole(user?.role);
    if (!user || !role || user.token_version !== claims.version) return null;
    return { actor: { id: user.id, role }, user };
  };
}
