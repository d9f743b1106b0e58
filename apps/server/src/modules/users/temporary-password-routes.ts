/**
 * The handler of POST /api/admin/users/:id/temporary-password (users-calls.ts; see temporary-password.ts for
 * whom).
 */
import * as users from '@sewablast/contract/users-calls';
import { USERS_SCHEMAS as schemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { TemporaryPasswords } from './temporary-password.ts';

export const temporaryPasswordRoutes: FastifyPluginAsyncZod<{ temporaryPasswords: TemporaryPasswords }> = async (
  app,
  { temporaryPasswords },
) => {
  bind(app, users.temporaryPassword, schemas.temporaryPassword, async (request) =>
    temporaryPasswords.set(requireActor(request), request.params.id, request.body.password),
  );
};
