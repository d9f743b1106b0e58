/**
 * Two-factor sign-in: POST /api/auth/login/two-factor (public: the challenge is the credential), the
 * caller's own GET /api/auth/two-factor, POST …/setup, …/enable, …/disable and …/recovery-codes, and the managers' POST
 * /api/admin/users/{id}/two-factor/reset. Set-up routes admit a session confined to setting it up.
 */
import { ZLoginResponse } from '@sewablast/contract/auth';
import { ZMsgResponse } from '@sewablast/contract/errors';
import {
  TWO_FACTOR_TEXT,
  ZRecoveryCodesRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorEnableResponse,
  ZTwoFactorLoginRequest,
  ZTwoFactorLoginResponse,
  ZTwoFactorSetupRequest,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatus,
} from '@sewablast/contract/two-factor';
import * as users from '@sewablast/contract/users-calls';
import { USERS_SCHEMAS as usersSchemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { failuresOf } from '../../http/errors.ts';
import type { BackOfficeUsers } from './back-office-users.ts';
import type { AuthService } from './service.ts';
import type { TwoFactorService } from './two-factor.ts';

/** As sign-in's per-address limit; each challenge also ends at its fifth wrong code. */
const SECOND_STEP_LIMIT = { max: 30, timeWindow: '1 minute' };
const failures = failuresOf(400, 401, 403, 404, 409, 429);

export const twoFactorRoutes: FastifyPluginAsyncZod<{ auth: AuthService; twoFactor: TwoFactorService }> = async (
  app,
  { auth, twoFactor },
) => {
  app.post(
    '/login/two-factor',
    {
      config: { access: 'public', rateLimit: SECOND_STEP_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: the challenge and a TOTP or recovery code give the token',
        body: ZTwoFactorLoginRequest,
        response: { 200: ZTwoFactorLoginResponse.or(ZLoginResponse), ...failures },
      },
    },
    async (request) =>
      auth.loginSecondStep(request.body, { address: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );

  app.get(
    '/two-factor',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: ['auth'],
        summary: "The caller's second factor: on or off, required, recovery codes left",
        response: { 200: ZTwoFactorStatus, ...failures },
      },
    },
    async (request) => twoFactor.status(requireActor(request)),
  );

  app.post(
    '/two-factor/setup',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up a second factor (current password): a new secret and its otpauth URI, once',
        body: ZTwoFactorSetupRequest,
        response: { 200: ZTwoFactorSetupResponse, ...failures },
      },
    },
    async (request) => twoFactor.setup(requireActor(request), request.body.current_password, request.ip),
  );

  app.post(
    '/two-factor/enable',
    {
      config: { twoFactorSetup: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the new secret with a code: the second factor is on; the recovery codes, once',
        body: ZTwoFactorEnableRequest,
        response: { 200: ZTwoFactorEnableResponse, ...failures },
      },
    },
    async (request) => twoFactor.enable(requireActor(request), request.body.code),
  );

  app.post(
    '/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn the second factor off (current password and a code); refused where the role requires it',
        body: ZTwoFactorDisableRequest,
        response: { 200: ZMsgResponse, ...failures },
      },
    },
    async (request) => {
      const { current_password, code } = request.body;
      await twoFactor.disable(requireActor(request), current_password, code, request.ip);
      return { msg: TWO_FACTOR_TEXT.disabled };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes (current password or an app code), shown once; the old ones stop working',
        body: ZRecoveryCodesRequest,
        response: { 200: ZTwoFactorEnableResponse, ...failures },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(requireActor(request), request.body, request.ip),
  );
};

/** Under /api/admin/users, for managers: the back-office users with their second factor, and its reset (users-calls.ts). */
export const twoFactorResetRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  backOffice: BackOfficeUsers;
}> = async (app, { twoFactor, backOffice }) => {
  bind(app, users.backOfficePage, usersSchemas.backOfficePage, async (request) =>
    backOffice.page(requireActor(request), request.query),
  );
  bind(app, users.resetTwoFactor, usersSchemas.resetTwoFactor, async (request) => {
    await twoFactor.reset(requireActor(request), request.params.id);
    return { msg: TWO_FACTOR_TEXT.resetDone };
  });
};
