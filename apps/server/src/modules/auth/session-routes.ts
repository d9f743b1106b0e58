/**
 * Sign-out and the caller's own sessions: POST /api/auth/logout (public: the token is in the body, so that
 * a token the server already refuses can still be signed out), GET /api/auth/sessions, DELETE
 * /api/auth/sessions/{id} and POST /api/auth/sessions/revoke-others. Sessions are always the caller's own:
 * another user's session id is answered as one that does not exist.
 */
import {
  SESSION_TEXT,
  ZLogoutRequest,
  ZRevokeOthersResponse,
  ZSessionIdParams,
  ZSessionListResponse,
  ZSessionMessage,
} from '@sewablast/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { SessionService } from './sessions.ts';

/** As token validation: sign-out costs one HMAC and at most one write. */
const LOGOUT_LIMIT = { max: 120, timeWindow: '1 minute' };
const failures = failuresOf(400, 401, 403, 404);

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  app.post(
    '/logout',
    {
      config: { access: 'public', rateLimit: LOGOUT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: "Sign out: the token's session ends on the server",
        body: ZLogoutRequest,
        response: { 200: ZSessionMessage, ...failuresOf(400, 429) },
      },
    },
    async (request) => {
      await sessions.signOut(request.body.token);
      return { msg: SESSION_TEXT.signedOut };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "The caller's signed-in sessions (devices), the current one marked",
        response: { 200: ZSessionListResponse, ...failures },
      },
    },
    async (request) => ({ list: await sessions.list(requireActor(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: "End one of the caller's other sessions",
        params: ZSessionIdParams,
        response: { 200: ZSessionMessage, ...failures },
      },
    },
    async (request) => {
      await sessions.revoke(requireActor(request), request.params.id);
      return { msg: SESSION_TEXT.revoked };
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else: every session of the caller but this one ends',
        response: { 200: ZRevokeOthersResponse, ...failures },
      },
    },
    async (request) => {
      const count = await sessions.revokeOthers(requireActor(request));
      return { msg: SESSION_TEXT.othersRevoked(count), count };
    },
  );
};
