/**
 * The handler of POST /api/admin/users/:id/temporary-password (members-calls.ts; see temporary-password.ts for
 * whom).
 */
import * as calls from '@sewablast/contract/members-calls';
import { MEMBERS_SCHEMAS as schemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { TemporaryPasswords } from './temporary-password.ts';

export const temporaryPasswordRoutes: FastifyPluginAsyncZod<{ temporaryPasswords: TemporaryPasswords }> = async (
  app,
  { temporaryPasswords },
) => {
  bind(app, calls.temporaryPassword, schemas.temporaryPassword, async (request) =>
    temporaryPasswords.set(requireActor(request), request.params.id, request.body.password),
  );
};
