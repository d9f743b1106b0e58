/**
 * Token → session → user → role, the one way a caller is recognised: by the HTTP access hook, the live
 * channel and token validation alike. The session and its user's row are read each time (one query), so
 * that a sign-out, a revoked session, a role change, a deleted user or a password change (a raised
 * `token_version`) takes effect on the next call, not when the token expires.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import type { Actor } from '../../lib/actor.ts';
import type { UserRow } from '../users/service.ts';
import { type SessionRow, type SessionService, temporaryPasswordExpired } from './sessions.ts';
import type { TokenService } from './tokens.ts';
import type { TwoFactorService } from './two-factor.ts';

export interface Caller {
  actor: Actor;
  user: UserRow;
  session: SessionRow;
  /** Signed in with a temporary password: this session may only change it (http/temporary-session.ts). */
  temporary: boolean;
  /** A back-office user who must set up a second factor first: this session may only do that. */
  twoFactorSetup: boolean;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export type Authenticate = (token: string) => Promise<Caller | null>;

export function createAuthenticate(
  tokens: TokenService,
  sessions: Pick<SessionService, 'find'>,
  twoFactor: Pick<TwoFactorService, 'needsSetup'>,
): Authenticate {
  return async (token) => {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const found = await sessions.find(claims);
    if (!found) return null;
    const { user, session } = found;
    const role = effectiveRole(user.role);
    if (!role || session.revoked_at || user.token_version !== claims.version) return null;
    // An expired temporary password ends the sessions signed in with it, as it refuses a new sign-in.
    if (user.must_change_password && temporaryPasswordExpired(user)) return null;
    return {
      actor: { id: user.id, role, sessionId: session.id },
      user,
      session,
      temporary: user.must_change_password,
      twoFactorSetup: twoFactor.needsSetup(user),
      expiresAt: claims.expiresAt,
    };
  };
}
