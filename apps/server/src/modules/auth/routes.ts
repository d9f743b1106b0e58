/** POST /api/auth/register, /login and /validate — the only calls without a bearer token. */
import {
  ZLoginAnswer,
  ZLoginRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZValidateRequest,
  ZValidateResponse,
} from '@sewablast/contract/auth';
import { ZErrorResponse } from '@sewablast/contract/errors';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failuresOf, fieldErrors } from '../../http/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SignupGuard } from './login-guard.ts';
import type { AuthService } from './service.ts';

/**
 * Sign-in is limited per address across every account here (one client cannot try many accounts), and per
 * account whatever the address in the service's login guard. `request.ip` is the socket's address unless
 * the request came through a proxy named in TRUST_PROXY.
 */
const LOGIN_LIMIT = { max: 30, timeWindow: '1 minute' };
const REGISTER_LIMIT = { max: 20, timeWindow: '1 minute' };
const VALIDATE_LIMIT = { max: 120, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; signupGuard: SignupGuard }> = async (
  app,
  { auth, signupGuard },
) => {
  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: REGISTER_LIMIT },
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Create a member account',
        body: ZRegisterRequest,
        // A body the schema never sees (malformed JSON, a NUL byte) fails with the plain error answer.
        response: {
          200: ZRegisterResponse,
          400: ZRegisterResponse.or(ZErrorResponse),
          409: ZRegisterResponse,
          ...failuresOf(429),
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const validation = (request.validationError as { validation?: { instancePath: string; message?: string }[] })
          .validation;
        return reply.code(400).send({ success: false, ...fieldErrors(validation ?? []) });
      }
      const locked = await signupGuard.lockedMinutes(request.ip);
      if (locked > 0) return reply.code(429).send({ msg: SERVER_TEXT.signupLocked(locked) });
      try {
        await auth.register(request.body);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          // A taken email is told, as the spec says, but only a few times an address (login-guard.ts).
          if (error.status === 409) await signupGuard.revealed(request.ip);
          return reply
            .code(error.status === 409 ? 409 : 400)
            .send({ success: false, msg: error.message, errors: error.errors });
        }
        throw error;
      }
      return { success: true, msg: SERVER_TEXT.registered };
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; with a second factor, a challenge for the second step',
        body: ZLoginRequest,
        response: { 200: ZLoginAnswer, ...failuresOf(400, 401, 429) },
      },
    },
    async (request) =>
      auth.login(
        request.body.email,
        request.body.password,
        { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        request.body.device_token,
      ),
  );

  app.post(
    '/validate',
    {
      config: { access: 'public', rateLimit: VALIDATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Check a token and return its current user',
        body: ZValidateRequest,
        response: { 200: ZValidateResponse, 401: ZValidateResponse },
      },
    },
    async (request, reply) => {
      try {
        return await auth.validate(request.body.token);
      } catch (error) {
        if (error instanceof AppError && error.status === 401) {
          return reply.code(401).send({ isvalid: false, msg: error.message });
        }
        throw error;
      }
    },
  );
};
