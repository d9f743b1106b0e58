/**
 * The handlers of /api/auth/recovery, /forgot-password and /reset-password, public since their callers
 * cannot sign in: the calls and their schemas are in the contract (auth-calls.ts, auth-schemas.ts).
 */
import * as auth from '@sewablast/contract/auth-calls';
import { AUTH_SCHEMAS as schemas } from '@sewablast/contract/auth-schemas';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bind } from '../../http/bind.ts';
import type { RecoveryService } from './recovery.ts';

/**
 * Per address; the service also caps the links one account is sent. A reset hashes a password, so it is
 * limited like sign-in.
 */
export const FORGOT_LIMIT = { max: 10, timeWindow: '15 minutes' };
const RESET_LIMIT = { max: 30, timeWindow: '1 minute' };

export const recoveryRoutes: FastifyPluginAsyncZod<{ recovery: RecoveryService }> = async (app, { recovery }) => {
  bind(app, auth.recovery, schemas.recovery, async () => recovery.state());
  bind(app, auth.forgotPassword, schemas.forgotPassword, async (request) => recovery.forgot(request.body.email), {
    config: { rateLimit: FORGOT_LIMIT },
  });
  bind(
    app,
    auth.resetPassword,
    schemas.resetPassword,
    async (request) => {
      await recovery.reset(request.body.token, request.body.password);
      return { msg: RECOVERY_TEXT.resetDone };
    },
    { config: { rateLimit: RESET_LIMIT } },
  );
};
