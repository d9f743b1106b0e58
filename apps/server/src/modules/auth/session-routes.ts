/**
 * The handlers of sign-out (POST /api/auth/logout, public: the token is in the body, so that a token the
 * server already refuses can still be signed out) and of the caller's own sessions: the calls and their
 * schemas are in the contract (auth-calls.ts `logout`, sessions-calls.ts). Sessions are always the caller's
 * own: another user's session id is answered as one that does not exist.
 */
import * as auth from '@sewablast/contract/auth-calls';
import { AUTH_SCHEMAS } from '@sewablast/contract/auth-schemas';
import { SESSIONS_SCHEMAS as schemas } from '@sewablast/contract/sessions';
import * as userSessions from '@sewablast/contract/sessions-calls';
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { SessionService } from './sessions.ts';

/** As token validation: sign-out costs one HMAC and at most one write. */
const LOGOUT_LIMIT = { max: 120, timeWindow: '1 minute' };

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  bind(
    app,
    auth.logout,
    AUTH_SCHEMAS.logout,
    async (request) => {
      await sessions.signOut(request.body.token);
      return { msg: SESSION_TEXT.signedOut };
    },
    { config: { rateLimit: LOGOUT_LIMIT } },
  );
  bind(app, userSessions.list, schemas.list, async (request) => ({
    list: await sessions.list(requireActor(request)),
  }));
  bind(app, userSessions.revoke, schemas.revoke, async (request) => {
    await sessions.revoke(requireActor(request), request.params.id);
    return { msg: SESSION_TEXT.revoked };
  });
  bind(app, userSessions.revokeOthers, schemas.revokeOthers, async (request) => {
    const count = await sessions.revokeOthers(requireActor(request));
    return { msg: SESSION_TEXT.othersRevoked(count), count };
  });
};
