/**
 * The handlers of email confirmation: the signed-in caller's own state and a new link, and following the
 * mailed link (public: it is opened wherever the mail is read, signed in or not). The calls and their
 * schemas are in the contract (email-confirmation-calls.ts, email-confirmation.ts).
 */
import { EMAIL_CONFIRMATION_SCHEMAS as schemas } from '@sewablast/contract/email-confirmation';
import * as emailConfirmation from '@sewablast/contract/email-confirmation-calls';
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { EmailConfirmation } from './email-confirmation.ts';

/** As a password reset link: a token is 32 random bytes, so this only keeps a flood off the database. */
const CONFIRM_LIMIT = { max: 30, timeWindow: '1 minute' };

export const emailConfirmationRoutes: FastifyPluginAsyncZod<{ confirmation: EmailConfirmation }> = async (
  app,
  { confirmation },
) => {
  bind(app, emailConfirmation.state, schemas.state, async (request) => confirmation.state(requireActor(request).id));
  bind(app, emailConfirmation.resend, schemas.resend, async (request) => {
    await confirmation.resend(requireActor(request).id);
    return { msg: EMAIL_CONFIRM_TEXT.resent };
  });
  bind(
    app,
    emailConfirmation.confirm,
    schemas.confirm,
    async (request) => {
      await confirmation.confirm(request.body.token);
      return { msg: EMAIL_CONFIRM_TEXT.confirmed };
    },
    { config: { rateLimit: CONFIRM_LIMIT } },
  );
};
