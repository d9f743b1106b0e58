/**
 * POST /dev/simulator/{deviceId}/{action}: forces a scan, a drop, a ban, a reply, an unawaited rejection, or
 * one of WhatsApp's faults and events (SIMULATOR_ACTIONS) (dev only, simulator only). The engine carries it to
 * the process holding the session, so that any node answers for every session.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { ZSimulatorParams, ZSimulatorReply } from '@sewablast/contract/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Engine } from '../engine/index.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { failuresOf } from './errors.ts';

export const devSimulatorRoutes: FastifyPluginAsyncZod<{ engine: Engine | null }> = async (app, { engine }) => {
  app.post(
    '/simulator/:deviceId/:action',
    {
      config: { access: 'devOnly' },
      schema: {
        tags: ['dev'],
        summary:
          'Simulator: force an action (reply takes {from, text}; scan takes the phone {phonenumber}; reject: a promise nobody awaits)',
        params: ZSimulatorParams,
        body: ZSimulatorReply.nullish(),
        response: {
          200: z.object({ msg: z.string() }),
          ...failuresOf(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { deviceId, action } = request.params;
      const body = request.body ?? {};
      if (action === 'reply' && (!body.from || body.text === undefined)) {
        throw badRequest(SERVER_TEXT.simulatorReplyIncomplete);
      }
      const done = await engine?.simulate(deviceId, action, {
        ...(action === 'reply' ? { reply: { from: body.from ?? '', text: body.text ?? '' } } : {}),
        ...(body.phonenumber ? { phonenumber: body.phonenumber } : {}),
      });
      if (!done) throw notFound(SERVER_TEXT.notFound);
      return { msg: `${action}: ${deviceId}` };
    },
  );
};
