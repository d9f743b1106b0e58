/** POST /api/admin/users/:id/temporary-password: admins and devs only (see temporary-password.ts for whom). */
import { ZTemporaryPasswordRequest, ZTemporaryPasswordResponse } from '@sewablast/contract/recovery';
import { ZUserIdParams } from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { TemporaryPasswords } from './temporary-password.ts';

export const temporaryPasswordRoutes: FastifyPluginAsyncZod<{ temporaryPasswords: TemporaryPasswords }> = async (
  app,
  { temporaryPasswords },
) => {
  app.post(
    '/:id/temporary-password',
    {
      config: { access: 'managers' },
      schema: {
        tags: ['users'],
        summary: "Set a user's temporary password, answered once; it must be changed at the next sign-in",
        params: ZUserIdParams,
        body: ZTemporaryPasswordRequest,
        response: {
          200: ZTemporaryPasswordResponse,
          ...failuresOf(400, 401, 403, 404),
        },
      },
    },
    async (request) => temporaryPasswords.set(requireActor(request), request.params.id, request.body.password),
  );
};
