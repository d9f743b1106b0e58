/**
 * /api/admin/whatsapp: linking and listing accounts (spec part 1 §7 WhatsApp). Every signed-in role links
 * and reads its own accounts (staff link them for generators and validators); blasting is for the member
 * side; the Blaster, intervals, the Sending tick and activation are for admins and devs. Ownership of the
 * account named is checked in the service.
 */
import { ZIncomeForecast } from '@sewablast/contract/dashboard';
import { ZMemberTermsRequest } from '@sewablast/contract/member-terms';
import { pageOf, ZId, ZPageQuery } from '@sewablast/contract/paging';
import {
  WHATSAPP_TEXT,
  ZAccountIdRequest,
  ZClientStateResponse,
  ZConfirmNumberRequest,
  ZDeviceRequest,
  ZIntervalRequest,
  ZListenMessageResponse,
  ZNewClientRequest,
  ZNewClientResponse,
  ZSaveWhatsappRequest,
  ZSendingRequest,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZStartBlastingRequest,
  ZStopBlastingRequest,
  ZWhatsapp,
  ZWhatsappCountResponse,
  ZWhatsappListQuery,
  ZWhatsappListResponse,
  ZWhatsappResponse,
} from '@sewablast/contract/whatsapp';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { WhatsappService } from './service.ts';

const failures = failuresOf(400, 401, 403, 404, 409, 503);
/** Linking takes a proxy and starts a session: a few a minute is all a person scanning codes needs. */
const LINK_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `link:${request.actor?.id ?? request.ip}`,
};
const ZIdOrClientid = z.object({ id: z.string().min(1).max(64) });
const ZUserParams = z.object({ userId: ZId });

export const whatsappRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappService }> = async (app, { whatsapp }) => {
  const tags = ['whatsapp'];

  app.post(
    '/new-client',
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        tags,
        summary: 'Start linking a device (QR, or pairing code when phoneNumber is given); events follow on /ws',
        body: ZNewClientRequest,
        response: { 200: ZNewClientResponse, ...failuresOf(429), ...failures },
      },
    },
    async (request) => whatsapp.newClient(requireActor(request), request.body),
  );

  app.post(
    '/confirm-number',
    {
      schema: {
        tags,
        summary:
          "After a re-link by a phone with another number (state numberChanged): replace takes that number; otherwise the other phone's session ends and the account keeps its own. 409 when none is pending",
        body: ZConfirmNumberRequest,
        response: { 200: ZWhatsappResponse, ...failures },
      },
    },
    async (request) => ({
      whatsapp: await whatsapp.confirmNumber(requireActor(request), request.body.deviceId, request.body.replace),
    }),
  );

  app.post(
    '/save',
    { schema: { tags, body: ZSaveWhatsappRequest, response: { 200: ZWhatsappResponse, ...failures } } },
    async (request) => ({ whatsapp: await whatsapp.save(requireActor(request), request.body.clientid) }),
  );

  app.post(
    '/remove-client',
    { schema: { tags, body: ZDeviceRequest, response: { 200: z.object({ msg: z.string() }), ...failures } } },
    async (request) => {
      await whatsapp.remove(requireActor(request), request.body.deviceId);
      return { msg: WHATSAPP_TEXT.clientRemoved };
    },
  );

  app.get(
    '/client-state/:id',
    { schema: { tags, params: ZIdOrClientid, response: { 200: ZClientStateResponse, ...failures } } },
    async (request) => ({ state: (await whatsapp.detail(requireActor(request), request.params.id)).state }),
  );

  app.get('/list', { schema: { tags, response: { 200: ZWhatsappListResponse, ...failures } } }, async (request) => ({
    list: await whatsapp.list(requireActor(request)),
  }));

  app.get(
    '/list/:userId',
    {
      schema: {
        tags,
        params: ZUserParams,
        querystring: z.object({ synced: z.string().optional() }),
        response: { 200: ZWhatsappListResponse, ...failures },
      },
    },
    async (request) => ({ list: await whatsapp.list(requireActor(request), request.params.userId) }),
  );

  app.get(
    '/count',
    {
      config: { access: 'managers' },
      schema: {
        tags,
        summary: "Every user's linked accounts, connected and not",
        response: { 200: ZWhatsappCountResponse, ...failures },
      },
    },
    async () => whatsapp.countAll(),
  );

  app.get(
    '/count/:userId',
    { schema: { tags, params: ZUserParams, response: { 200: ZWhatsappCountResponse, ...failures } } },
    async (request) => whatsapp.count(requireActor(request), request.params.userId),
  );

  app.get(
    '/list-per-page',
    {
      config: { access: 'memberSide' },
      schema: {
        tags,
        summary: "A page of linked accounts: a member's own; any user's (user_id) for admins and devs",
        querystring: ZPageQuery.extend(ZWhatsappListQuery.shape),
        response: { 200: pageOf(ZWhatsapp), ...failures },
      },
    },
    async (request) => whatsapp.listPage(requireActor(request), request.query),
  );

  app.post(
    '/start-blasting',
    {
      config: { access: 'memberSide' },
      schema: { tags, body: ZStartBlastingRequest, response: { 200: ZWhatsappResponse, ...failures } },
    },
    async (request) => ({
      whatsapp: await whatsapp.startBlasting(requireActor(request), request.body.whatsappClientId, request.body.loop),
    }),
  );

  app.post(
    '/stop-blasting',
    {
      config: { access: 'memberSide' },
      schema: { tags, body: ZStopBlastingRequest, response: { 200: ZWhatsappResponse, ...failures } },
    },
    async (request) => ({
      whatsapp: await whatsapp.stopBlasting(requireActor(request), request.body.whatsappClientId),
    }),
  );

  app.post(
    '/reset',
    {
      config: { access: 'memberSide' },
      schema: { tags, body: ZAccountIdRequest, response: { 200: z.object({ data: ZWhatsapp }), ...failures } },
    },
    async (request) => ({ data: await whatsapp.reset(requireActor(request), request.body.id) }),
  );

  app.post(
    '/activate',
    {
      config: { access: 'managers' },
      schema: { tags, body: ZAccountIdRequest, response: { 200: z.object({ data: ZWhatsapp }), ...failures } },
    },
    async (request) => ({ data: await whatsapp.activate(requireActor(request), request.body.id) }),
  );

  app.put(
    '/status',
    {
      config: { access: 'managers' },
      schema: { tags, body: ZSendingRequest, response: { 200: ZWhatsappResponse, ...failures } },
    },
    async (request) => ({
      whatsapp: await whatsapp.setSending(requireActor(request), request.body.id, request.body.sending_enabled),
    }),
  );

  app.put(
    '/interval',
    {
      config: { access: 'managers' },
      schema: { tags, body: ZIntervalRequest, response: { 200: ZWhatsappResponse, ...failures } },
    },
    async (request) => ({
      whatsapp: await whatsapp.setInterval(
        requireActor(request),
        request.body.id,
        request.body.interval_min,
        request.body.interval_max,
      ),
    }),
  );

  app.put(
    '/terms',
    {
      config: { access: 'memberSide' },
      schema: {
        tags,
        summary:
          "The owner's own daily cap and sending hours for the account (null: the service's); they only narrow the service's",
        body: ZMemberTermsRequest,
        response: { 200: ZWhatsappResponse, ...failures },
      },
    },
    async (request) => ({ whatsapp: await whatsapp.setTerms(requireActor(request), request.body) }),
  );

  app.get(
    '/forecast/:userId',
    {
      config: { access: 'memberSide' },
      schema: {
        tags,
        summary: "What a member's connected accounts may earn in a sending day, by their caps and hours",
        params: ZUserParams,
        response: { 200: ZIncomeForecast, ...failures },
      },
    },
    async (request) => whatsapp.forecast(requireActor(request), request.params.userId),
  );

  app.get(
    '/listen-message-created/:id',
    {
      schema: {
        tags,
        summary: 'The latest message the account received (id or client id)',
        params: ZIdOrClientid,
        response: { 200: ZListenMessageResponse, ...failures },
      },
    },
    async (request) => ({ message: await whatsapp.lastMessage(requireActor(request), request.params.id) }),
  );

  app.post(
    '/send-message/1',
    {
      config: { access: 'managers' },
      schema: {
        tags,
        summary: 'The Blaster page: one message from one connected account to the chosen numbers or All',
        body: ZSendMessageRequest,
        response: { 200: ZSendMessageResponse, ...failures },
      },
    },
    async (request) => whatsapp.sendBlaster(requireActor(request), request.body),
  );

  app.get(
    '/:id',
    { schema: { tags, params: ZIdOrClientid, response: { 200: ZWhatsappResponse, ...failures } } },
    async (request) => ({
      whatsapp: await whatsapp.detail(requireActor(request), request.params.id),
    }),
  );
};
