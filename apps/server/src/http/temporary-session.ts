/**
 * What a session signed in with a temporary password may do: change that password, and nothing else. Public
 * routes (sign-in, validation, sign-out) need no session; of the signed-in routes only those declaring
 * `config.temporaryPassword: 'change'` admit such a session, and there only for the caller's own id with
 * nothing but the password fields (PUT /api/admin/users/{id}, which the change-password screen sends).
 */
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import type { FastifyRequest } from 'fastify';
import { AccessRefused } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'change': a session signed in with a temporary password may call the route to change it. */
    temporaryPassword?: 'change';
  }
}

const PASSWORD_FIELDS = new Set(['password', 'current_password']);

/** Whether a temporary session may reach this route at all (checked before the body is read). */
export function admitsTemporary(request: FastifyRequest): boolean {
  return request.routeOptions.config?.temporaryPassword === 'change';
}

/** Whether the parsed request changes the caller's own password and nothing else. */
function changesOwnPasswordOnly(request: FastifyRequest, userId: number): boolean {
  const { id } = (request.params ?? {}) as { id?: unknown };
  const body = request.body;
  if (Number(id) !== userId || !body || typeof body !== 'object') return false;
  const fields = Object.keys(body);
  return fields.includes('password') && fields.every((field) => PASSWORD_FIELDS.has(field));
}

export const temporaryRefusal = () => new AccessRefused('forbidden', SESSION_TEXT.temporaryOnly);

/** The second check, once the body is parsed: on an admitting route, only the caller's own password. */
export async function temporaryBodyCheck(request: FastifyRequest) {
  if (request.temporaryPassword && request.actor && !changesOwnPasswordOnly(request, request.actor.id)) {
    throw temporaryRefusal();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session was signed in with a temporary password. */
    temporaryPassword: boolean;
  }
}
