/**
 * The handlers of two-factor sign-in: the sign-in's second step (public: the challenge is the credential),
 * the caller's own second factor, and the managers' reset under /api/admin/users. The calls and their
 * schemas are in the contract (two-factor-calls.ts, members-calls.ts). Set-up routes admit a session confined
 * to setting it up.
 */

import * as members from '@sewablast/contract/members-calls';
import { TWO_FACTOR_SCHEMAS as schemas } from '@sewablast/contract/two-factor';
import * as twoFactorCalls from '@sewablast/contract/two-factor-calls';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { MEMBERS_SCHEMAS as membersSchemas } from '@sewablast/contract/users-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { BackOfficeUsers } from './back-office-users.ts';
import type { AuthService } from './service.ts';
import type { TwoFactorService } from './two-factor.ts';

/** As sign-in's per-address limit; each challenge also ends at its fifth wrong code. */
const SECOND_STEP_LIMIT = { max: 30, timeWindow: '1 minute' };
const SETUP = { config: { twoFactorSetup: true } } as const;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ auth: AuthService; twoFactor: TwoFactorService }> = async (
  app,
  { auth, twoFactor },
) => {
  bind(
    app,
    twoFactorCalls.loginSecondStep,
    schemas.loginSecondStep,
    async (request) =>
      auth.loginSecondStep(request.body, { address: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
    { config: { rateLimit: SECOND_STEP_LIMIT } },
  );
  bind(app, twoFactorCalls.status, schemas.status, async (request) => twoFactor.status(requireActor(request)), SETUP);
  bind(
    app,
    twoFactorCalls.setup,
    schemas.setup,
    async (request) => twoFactor.setup(requireActor(request), request.body.current_password, request.ip),
    SETUP,
  );
  bind(
    app,
    twoFactorCalls.enable,
    schemas.enable,
    async (request) => twoFactor.enable(requireActor(request), request.body.code),
    SETUP,
  );
  bind(app, twoFactorCalls.disable, schemas.disable, async (request) => {
    const { current_password, code } = request.body;
    await twoFactor.disable(requireActor(request), current_password, code, request.ip);
    return { msg: TWO_FACTOR_TEXT.disabled };
  });
  bind(app, twoFactorCalls.recoveryCodes, schemas.recoveryCodes, async (request) =>
    twoFactor.regenerateRecoveryCodes(requireActor(request), request.body, request.ip),
  );
};

/** Under /api/admin/users, for managers: the back-office users with their second factor, and its reset (members-calls.ts). */
export const twoFactorResetRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  backOffice: BackOfficeUsers;
}> = async (app, { twoFactor, backOffice }) => {
  bind(app, members.backOfficePage, membersSchemas.backOfficePage, async (request) =>
    backOffice.page(requireActor(request), request.query),
  );
  bind(app, members.resetTwoFactor, membersSchemas.resetTwoFactor, async (request) => {
    await twoFactor.reset(requireActor(request), request.params.id);
    return { msg: TWO_FACTOR_TEXT.resetDone };
  });
};
