/**
 * The handlers of /api/admin/whatsapp: the calls, who may make them and their schemas are in the contract
 * (whatsapp-calls.ts, whatsapp-schemas.ts WHATSAPP_SCHEMAS); ownership of the account named is the
 * service's check.
 */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { WHATSAPP_SCHEMAS as schemas } from '@sewablast/contract/whatsapp-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { WhatsappService } from './service.ts';

/** Linking takes a proxy and starts a session: a few a minute is all a person scanning codes needs. */
const LINK_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `link:${request.actor?.id ?? request.ip}`,
};

export const whatsappRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappService }> = async (
  app,
  { whatsapp: accounts },
) => {
  bind(
    app,
    whatsapp.newClient,
    schemas.newClient,
    async (request) => accounts.newClient(requireActor(request), request.body),
    { config: { rateLimit: LINK_LIMIT } },
  );
  bind(app, whatsapp.confirmNumber, schemas.confirmNumber, async (request) => ({
    whatsapp: await accounts.confirmNumber(requireActor(request), request.body.deviceId, request.body.replace),
  }));
  bind(app, whatsapp.save, schemas.save, async (request) => ({
    whatsapp: await accounts.save(requireActor(request), request.body.clientid),
  }));
  bind(app, whatsapp.removeClient, schemas.removeClient, async (request) => {
    await accounts.remove(requireActor(request), request.body.deviceId);
    return { msg: WHATSAPP_TEXT.clientRemoved };
  });
  bind(app, whatsapp.clientState, schemas.clientState, async (request) => ({
    state: (await accounts.detail(requireActor(request), request.params.id)).state,
  }));
  bind(app, whatsapp.list, schemas.list, async (request) => ({ list: await accounts.list(requireActor(request)) }));
  bind(app, whatsapp.listOf, schemas.listOf, async (request) => ({
    list: await accounts.list(requireActor(request), request.params.userId),
  }));
  bind(app, whatsapp.countAll, schemas.countAll, async () => accounts.countAll());
  bind(app, whatsapp.count, schemas.count, async (request) =>
    accounts.count(requireActor(request), request.params.userId),
  );
  bind(app, whatsapp.page, schemas.page, async (request) => accounts.listPage(requireActor(request), request.query));
  bind(app, whatsapp.startBlasting, schemas.startBlasting, async (request) => ({
    whatsapp: await accounts.startBlasting(requireActor(request), request.body.whatsappClientId, request.body.loop),
  }));
  bind(app, whatsapp.stopBlasting, schemas.stopBlasting, async (request) => ({
    whatsapp: await accounts.stopBlasting(requireActor(request), request.body.whatsappClientId),
  }));
  bind(app, whatsapp.reset, schemas.reset, async (request) => ({
    data: await accounts.reset(requireActor(request), request.body.id),
  }));
  bind(app, whatsapp.activate, schemas.activate, async (request) => ({
    data: await accounts.activate(requireActor(request), request.body.id),
  }));
  bind(app, whatsapp.setSending, schemas.setSending, async (request) => ({
    whatsapp: await accounts.setSending(requireActor(request), request.body.id, request.body.sending_enabled),
  }));
  bind(app, whatsapp.setInterval, schemas.setInterval, async (request) => ({
    whatsapp: await accounts.setInterval(
      requireActor(request),
      request.body.id,
      request.body.interval_min,
      request.body.interval_max,
    ),
  }));
  bind(app, whatsapp.setTerms, schemas.setTerms, async (request) => ({
    whatsapp: await accounts.setTerms(requireActor(request), request.body),
  }));
  bind(app, whatsapp.forecast, schemas.forecast, async (request) =>
    accounts.forecast(requireActor(request), request.params.userId),
  );
  bind(app, whatsapp.lastMessage, schemas.lastMessage, async (request) => ({
    message: await accounts.lastMessage(requireActor(request), request.params.id),
  }));
  bind(app, whatsapp.sendBlaster, schemas.sendBlaster, async (request) =>
    accounts.sendBlaster(requireActor(request), request.body),
  );
  bind(app, whatsapp.one, schemas.one, async (request) => ({
    whatsapp: await accounts.detail(requireActor(request), request.params.id),
  }));
};
