/** /api/auth/recovery, /forgot-password and /reset-password: public, since their callers cannot sign in. */
import { ZMsgResponse } from '@sewablast/contract/errors';
import {
  RECOVERY_TEXT,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZRecoveryState,
  ZResetPasswordRequest,
} from '@sewablast/contract/recovery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failuresOf } from '../../http/errors.ts';
import type { RecoveryService } from './recovery.ts';

/**
 * Per address; the service also caps the links one account is sent. A reset hashes a password, so it is
 * limited like sign-in.
 */
export const FORGOT_LIMIT = { max: 10, timeWindow: '15 minutes' };
const RESET_LIMIT = { max: 30, timeWindow: '1 minute' };

export const recoveryRoutes: FastifyPluginAsyncZod<{ recovery: RecoveryService }> = async (app, { recovery }) => {
  app.get(
    '/recovery',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether this server can mail a reset link',
        response: { 200: ZRecoveryState },
      },
    },
    async () => recovery.state(),
  );

  app.post(
    '/forgot-password',
    {
      config: { rateLimit: FORGOT_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time reset link; the same answer whether or not the email has an account',
        body: ZForgotPasswordRequest,
        response: { 200: ZForgotPasswordResponse, ...failuresOf(400, 429) },
      },
    },
    async (request) => recovery.forgot(request.body.email),
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: RESET_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: ZResetPasswordRequest,
        response: { 200: ZMsgResponse, ...failuresOf(400, 429) },
      },
    },
    async (request) => {
      await recovery.reset(request.body.token, request.body.password);
      return { msg: RECOVERY_TEXT.resetDone };
    },
  );
};
