/**
 * Bearer authentication for every /api and /dev call but the public ones, and the role guard that routes
 * add as a preHandler. The caller's role is read from their current row, so a role change or a deleted
 * user takes effect on the next request, not when the token expires.
 */
import { effectiveRole, type Role } from '@sewablast/contract/roles';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor.ts';
import { unauthorized } from '../lib/app-error.ts';
import type { TokenService } from '../modules/auth/tokens.ts';
import type { UserService } from '../modules/users/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, sign-up, validation, health). */
    public?: boolean;
  }
}

const LAST_SEEN_REFRESH_MS = 60_000;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller, or a thrown 401/403 — the first line of every guarded handler. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(TEXT.tokenMissing);
  return request.actor;
}

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.actor) return reply.code(401).send({ msg: TEXT.tokenMissing });
    if (!roles.includes(request.actor.role)) return reply.code(403).send({ msg: SERVER_TEXT.forbidden });
  };
}

interface AuthOptions {
  tokens: TokenService;
  users: UserService;
}

function guarded(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return false;
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/dev/');
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, { tokens, users }) => {
    const lastTouched = new Map<number, number>();
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!guarded(request.url) || request.routeOptions.config?.public) return;
      const token = bearerToken(request.headers.authorization);
      if (!token) return reply.code(401).send({ msg: TEXT.tokenMissing });
      const id = await tokens.verify(token);
      const user = id === null ? undefined : await users.findById(id);
      const role = effectiveRole(user?.role);
      if (!user || !role) return reply.code(401).send({ msg: SERVER_TEXT.tokenInvalid });
      request.actor = { id: user.id, role };
      const now = Date.now();
      if (now - (lastTouched.get(user.id) ?? 0) > LAST_SEEN_REFRESH_MS) {
        lastTouched.set(user.id, now);
        await users.touch(user.id);
      }
    });
  },
  { name: 'auth' },
);
