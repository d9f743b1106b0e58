/**
 * The handlers of /api/admin/users a user's detail, blast fee and profile update, each behind the ownership
 * check in the service: the calls, who may make them and their schemas are in the contract (users-calls.ts,
 * users-schemas.ts). The member lists, the staff's second factor and the temporary password have files of
 * their own.
 */
import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import * as users from '@sewablast/contract/users-calls';
import { USERS_SCHEMAS as schemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { AppError, tooMany } from '../../lib/app-error.ts';
import type { SignupGuard } from '../auth/login-guard.ts';
import type { UserService } from './service.ts';

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; signupGuard: SignupGuard }> = async (
  app,
  { users: service, signupGuard },
) => {
  bind(app, users.active, schemas.active, async () => ({ count: await service.activeCount() }));
  bind(app, users.blastFee, schemas.blastFee, async (request) => ({
    blast_fee: await service.blastFee(requireActor(request), request.params.id),
  }));
  bind(app, users.one, schemas.one, async (request) => service.detail(requireActor(request), request.params.id));
  bind(
    app,
    users.update,
    schemas.update,
    async (request) => {
      const actor = requireActor(request);
      const { id } = request.params;
      // A taken email is told to a member changing theirs as it is to sign-up: a few times an address.
      const ownEmail = actor.id === id && request.body.email !== undefined;
      if (ownEmail) {
        const locked = await signupGuard.lockedMinutes(request.ip);
        if (locked > 0) throw tooMany(ACCOUNT_CHANGE_TEXT.emailChangeLocked(locked));
      }
      try {
        return await service.update(actor, id, request.body, request.ip);
      } catch (error) {
        if (ownEmail && error instanceof AppError && error.code === 'conflict') await signupGuard.revealed(request.ip);
        throw error;
      }
    },
    // The change-password screen's call: a session signed in with a temporary password may send it.
    { config: { temporaryPassword: 'change' } },
  );
};
