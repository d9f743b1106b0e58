/**
 * Email confirmation: GET /api/auth/email-confirmation and POST /api/auth/email-confirmation/resend for the
 * signed-in caller's own address, and POST /api/auth/confirm-email (public: the mailed link is opened
 * wherever the mail is read, signed in or not).
 */
import {
  EMAIL_CONFIRM_TEXT,
  ZConfirmEmailRequest,
  ZEmailConfirmationState,
} from '@sewablast/contract/email-confirmation';
import { ZMsgResponse } from '@sewablast/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { EmailConfirmation } from './email-confirmation.ts';

/** As a password reset link: a token is 32 random bytes, so this only keeps a flood off the database. */
const CONFIRM_LIMIT = { max: 30, timeWindow: '1 minute' };
const failures = failuresOf(400, 401, 403, 404);

export const emailConfirmationRoutes: FastifyPluginAsyncZod<{ confirmation: EmailConfirmation }> = async (
  app,
  { confirmation },
) => {
  app.get(
    '/email-confirmation',
    {
      schema: {
        tags: ['auth'],
        summary: "Whether the caller's email must be confirmed, and whether it is",
        response: { 200: ZEmailConfirmationState, ...failures },
      },
    },
    async (request) => confirmation.state(requireActor(request).id),
  );

  app.post(
    '/email-confirmation/resend',
    {
      schema: {
        tags: ['auth'],
        summary: "Mail a new confirmation link to the caller's address; once a minute, a few an hour",
        response: { 200: ZMsgResponse, ...failures, ...failuresOf(429) },
      },
    },
    async (request) => {
      await confirmation.resend(requireActor(request).id);
      return { msg: EMAIL_CONFIRM_TEXT.resent };
    },
  );

  app.post(
    '/confirm-email',
    {
      config: { access: 'public', rateLimit: CONFIRM_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the mailed one-time link',
        body: ZConfirmEmailRequest,
        response: { 200: ZMsgResponse, ...failuresOf(400, 429) },
      },
    },
    async (request) => {
      await confirmation.confirm(request.body.token);
      return { msg: EMAIL_CONFIRM_TEXT.confirmed };
    },
  );
};
