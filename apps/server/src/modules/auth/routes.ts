/**
 * The handlers of POST /api/auth/register, /login and /validate, calls without a bearer token: the calls,
 * who may make them and their schemas are in the contract (auth-calls.ts, auth-schemas.ts).
 */
import * as auth from '@sewablast/contract/auth-calls';
import { AUTH_SCHEMAS as schemas } from '@sewablast/contract/auth-schemas';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bind } from '../../http/bind.ts';
import { fieldErrors } from '../../http/errors.ts';
import { AppError, isFault, tooMany } from '../../lib/app-error.ts';
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

/** A refused sign-up says so in `success` too, which the spec's client reads. */
const SIGNUP_REFUSED = { fields: { success: false } };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; signupGuard: SignupGuard }> = async (
  app,
  { auth: service, signupGuard },
) => {
  bind(
    app,
    auth.register,
    schemas.register,
    async (request) => {
      if (request.validationError) {
        const validation = (request.validationError as { validation?: { instancePath: string; message?: string }[] })
          .validation;
        const { msg, errors } = fieldErrors(validation ?? []);
        throw new AppError('invalid', msg, errors, SIGNUP_REFUSED);
      }
      const locked = await signupGuard.lockedMinutes(request.ip);
      if (locked > 0) throw tooMany(SERVER_TEXT.signupLocked(locked));
      try {
        await service.register(request.body);
      } catch (error) {
        if (error instanceof AppError && !isFault(error)) {
          // A taken email is told, as the spec says, but only a few times an address (login-guard.ts).
          const taken = error.code === 'conflict';
          if (taken) await signupGuard.revealed(request.ip);
          throw new AppError(taken ? 'conflict' : 'invalid', error.message, error.errors, SIGNUP_REFUSED);
        }
        throw error;
      }
      return { success: true, msg: SERVER_TEXT.registered };
    },
    { config: { rateLimit: REGISTER_LIMIT }, attachValidation: true },
  );

  bind(
    app,
    auth.login,
    schemas.login,
    async (request) =>
      service.login(
        request.body.email,
        request.body.password,
        { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        request.body.device_token,
      ),
    { config: { rateLimit: LOGIN_LIMIT } },
  );

  bind(
    app,
    auth.validate,
    schemas.validate,
    async (request) => {
      try {
        return await service.validate(request.body.token);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') {
          // The spec's client reads `isvalid` on this answer too.
          throw new AppError('unauthenticated', error.message, undefined, { fields: { isvalid: false } });
        }
        throw error;
      }
    },
    { config: { rateLimit: VALIDATE_LIMIT } },
  );
};
