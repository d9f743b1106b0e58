/** What the server checks of each call in whatsapp-calls.ts; the shapes themselves are in whatsapp.ts. */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { ZIncomeForecast } from './dashboard.ts';
import { ZMemberTermsRequest } from './member-terms.ts';
import { pageOf, ZId, ZPageQuery } from './paging.ts';
import {
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
} from './whatsapp.ts';
import type * as calls from './whatsapp-calls.ts';

/** An account by its id or its client id. */
export const ZIdOrClientid = z.object({ id: z.string().min(1).max(64) });
export const ZUserParams = z.object({ userId: ZId });
export const ZWhatsappPageQuery = ZPageQuery.extend(ZWhatsappListQuery.shape);
const ZData = z.object({ data: ZWhatsapp });

export const WHATSAPP_SCHEMAS = schemasOf<typeof calls>()(['whatsapp'], {
  newClient: {
    summary: 'Start linking a device (QR, or pairing code when phoneNumber is given); events follow on /ws',
    body: ZNewClientRequest,
    response: { 200: ZNewClientResponse },
  },
  confirmNumber: {
    summary:
      "After a re-link by a phone with another number (state numberChanged): replace takes that number; otherwise the other phone's session ends and the account keeps its own. 409 when none is pending",
    body: ZConfirmNumberRequest,
    response: { 200: ZWhatsappResponse },
  },
  save: { body: ZSaveWhatsappRequest, response: { 200: ZWhatsappResponse } },
  removeClient: { body: ZDeviceRequest, response: { 200: z.object({ msg: z.string() }) } },
  clientState: { params: ZIdOrClientid, response: { 200: ZClientStateResponse } },
  list: { response: { 200: ZWhatsappListResponse } },
  listOf: {
    params: ZUserParams,
    querystring: z.object({ synced: z.string().optional() }),
    response: { 200: ZWhatsappListResponse },
  },
  countAll: { summary: "Every user's linked accounts, connected and not", response: { 200: ZWhatsappCountResponse } },
  count: { params: ZUserParams, response: { 200: ZWhatsappCountResponse } },
  page: {
    summary: "A page of linked accounts: a member's own; any user's (user_id) for admins and devs",
    querystring: ZWhatsappPageQuery,
    response: { 200: pageOf(ZWhatsapp) },
  },
  startBlasting: { body: ZStartBlastingRequest, response: { 200: ZWhatsappResponse } },
  stopBlasting: { body: ZStopBlastingRequest, response: { 200: ZWhatsappResponse } },
  reset: { body: ZAccountIdRequest, response: { 200: ZData } },
  activate: { body: ZAccountIdRequest, response: { 200: ZData } },
  setSending: { body: ZSendingRequest, response: { 200: ZWhatsappResponse } },
  setInterval: { body: ZIntervalRequest, response: { 200: ZWhatsappResponse } },
  setTerms: {
    summary:
      "The owner's own daily cap and sending hours for the account (null: the service's); they only narrow the service's",
    body: ZMemberTermsRequest,
    response: { 200: ZWhatsappResponse },
  },
  forecast: {
    summary: "What a member's connected accounts may earn in a sending day, by their caps and hours",
    params: ZUserParams,
    response: { 200: ZIncomeForecast },
  },
  lastMessage: {
    summary: 'The latest message the account received (id or client id)',
    params: ZIdOrClientid,
    response: { 200: ZListenMessageResponse },
  },
  sendBlaster: {
    summary: 'The Blaster page: one message from one connected account to the chosen numbers or All',
    body: ZSendMessageRequest,
    response: { 200: ZSendMessageResponse },
  },
  one: { params: ZIdOrClientid, response: { 200: ZWhatsappResponse } },
});
