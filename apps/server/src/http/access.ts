/**
 * Who may call which route, decided by the matched route before anything else is looked at (DESIGN §9).
 * Every route declares `config.access`: 'public', or the role group that may call it; a route that
 * declares nothing stops the server from starting, and would be refused if it ran. The check runs in
 * `onRequest`, before the body is read, so a caller outside the group learns nothing of the route's schema.
 */
import { inGroup, type RoleGroup } from '@sewablast/contract/roles';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor.ts';
import { unauthorized } from '../lib/app-error.ts';
import type { Authenticate, Caller } from '../modules/auth/authenticate.ts';
import { AccessRefused } from './errors.ts';
import { admitsTemporary, temporaryBodyCheck, temporaryRefusal } from './temporary-session.ts';
import { admitsTwoFactorSetup, twoFactorSetupRefusal } from './two-factor-setup.ts';
import type { UserLimits } from './user-limits.ts';

export type Access = 'public' | RoleGroup;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: 'public' (no token), or the role group of the signed-in callers it serves. */
    access?: Access;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller of a signed-in route (the access hook has set it), or a 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(TEXT.tokenMissing);
  return request.actor;
}

/** Gives every route declared in `app` (an encapsulated context) `access`, unless the route says otherwise. */
export function defaultAccess(app: FastifyInstance, access: Access): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) route.config = { ...route.config, access };
  });
}

/**
 * An area's routes with `access` as their default: `app.register(area(routes, 'managers'), { prefix, … })`.
 * The area's own routes may narrow or widen one route with `config.access`.
 */
export function area<Options extends object>(
  routes: FastifyPluginAsync<Options>,
  access: Access,
): FastifyPluginAsync<Options & { prefix?: string }> {
  return async (app, { prefix: _prefix, ...options }) => {
    defaultAccess(app, access);
    await app.register(routes, options as Options);
  };
}

interface AccessOptions {
  authenticate: Authenticate;
  /** Records when a session and its user were last seen (at most once a minute: the service decides). */
  seen: (session: Caller['session']) => Promise<void>;
  limits: UserLimits;
}

export const accessPlugin = fp<AccessOptions>(
  async (app, { authenticate, seen, limits }) => {
    const routes: RouteOptions[] = [];
    app.decorateRequest('actor', null);
    app.decorateRequest('temporaryPassword', false);

    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.addHook('onReady', async () => {
      const undeclared = routes.filter((route) => route.config?.access === undefined);
      if (undeclared.length > 0) {
        const names = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
        throw new Error(`Routes without an access rule (config.access): ${names}`);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      const access = request.routeOptions.config?.access;
      if (access === 'public') return;
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AccessRefused('unauthenticated', TEXT.tokenMissing);
      const caller = await authenticate(token);
      if (!caller) throw new AccessRefused('unauthenticated', SERVER_TEXT.tokenInvalid);
      const { actor } = caller;
      if (access === undefined || !inGroup(actor.role, access)) {
        throw new AccessRefused('forbidden', SERVER_TEXT.forbidden);
      }
      // A temporary password is changed first; then a missing required second factor is set up.
      if (caller.temporary) {
        if (!admitsTemporary(request)) throw temporaryRefusal();
      } else if (caller.twoFactorSetup && !admitsTwoFactorSetup(request)) {
        throw twoFactorSetupRefusal();
      }
      const refused = await limits.enter(actor.id, reply);
      if (refused) {
        throw new AccessRefused('too_many', refused.msg, undefined, {
          headers: { 'retry-after': refused.retryAfterSeconds },
        });
      }
      request.actor = actor;
      request.temporaryPassword = caller.temporary;
      await seen(caller.session);
    });
    app.addHook('preHandler', temporaryBodyCheck);
  },
  { name: 'access' },
);
