/** /api/admin/users: a user's detail, blast fee and profile update, each behind the ownership check in the service. */
import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import { ZActiveCount } from '@sewablast/contract/counters';
import {
  ZBlastFeeResponse,
  ZUpdateUserRequest,
  ZUpdateUserResponse,
  ZUserDetailResponse,
  ZUserIdParams,
} from '@sewablast/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SignupGuard } from '../auth/login-guard.ts';
import type { UserService } from './service.ts';

const failures = failuresOf(400, 401, 403, 404);

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; signupGuard: SignupGuard }> = async (
  app,
  { users, signupGuard },
) => {
  app.get(
    '/active',
    {
      config: { access: 'managers' },
      schema: {
        tags: ['users'],
        summary: 'Members active in the last 5 minutes',
        response: { 200: ZActiveCount, ...failures },
      },
    },
    async () => ({ count: await users.activeCount() }),
  );

  app.get(
    '/blast-fee/:id',
    {
      schema: {
        tags: ['users'],
        summary: "A user's fee per successful blast",
        params: ZUserIdParams,
        response: { 200: ZBlastFeeResponse, ...failures },
      },
    },
    async (request) => ({ blast_fee: await users.blastFee(requireActor(request), request.params.id) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user with their level name and colour',
        params: ZUserIdParams,
        response: { 200: ZUserDetailResponse, ...failures },
      },
    },
    async (request) => users.detail(requireActor(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      // The change-password screen's call: a session signed in with a temporary password may send it.
      config: { temporaryPassword: 'change' },
      schema: {
        tags: ['users'],
        summary: 'Update a profile; role only by a dev, intervals only by admins and devs',
        params: ZUserIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUpdateUserResponse, ...failuresOf(409, 429), ...failures },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { id } = request.params;
      // A taken email is told to a member changing theirs as it is to sign-up: a few times an address.
      const ownEmail = actor.id === id && request.body.email !== undefined;
      if (ownEmail) {
        const locked = await signupGuard.lockedMinutes(request.ip);
        if (locked > 0) throw new AppError(429, ACCOUNT_CHANGE_TEXT.emailChangeLocked(locked));
      }
      try {
        return await users.update(actor, id, request.body, request.ip);
      } catch (error) {
        if (ownEmail && error instanceof AppError && error.status === 409) await signupGuard.revealed(request.ip);
        throw error;
      }
    },
  );
};
