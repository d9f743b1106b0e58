/**
 * /api/admin/whatsapp (spec part 1 §7 WhatsApp), one line per call (call.ts): every signed-in role links and
 * reads its own accounts (staff link them for generators and validators); blasting, terms and the forecast
 * are for the member side; the Blaster, intervals, the Sending tick and activation for admins and devs.
 * Ownership of the account named is the service's check. Schemas: whatsapp-schemas.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type { ZMemberTermsRequest } from './member-terms.ts';
import type {
  TNewClientResponse,
  TSendMessageResponse,
  TWhatsappDataResponse,
  TWhatsappListResponse,
  TWhatsappPageResponse,
  TWhatsappResponse,
  ZAccountIdRequest,
  ZClientStateResponse,
  ZConfirmNumberRequest,
  ZDeviceRequest,
  ZIntervalRequest,
  ZListenMessageResponse,
  ZNewClientRequest,
  ZSaveWhatsappRequest,
  ZSendingRequest,
  ZSendMessageRequest,
  ZStartBlastingRequest,
  ZStopBlastingRequest,
} from './whatsapp.ts';
import type { ZIdOrClientid, ZUserParams, ZWhatsappPageQuery } from './whatsapp-schemas.ts';

/** The counts the dashboards read, declared with the counters so that the dashboards load no more of this table. */
export { count, countAll, forecast } from './counters-calls.ts';

export const area = '/api/admin/whatsapp';
const FAILURES = [400, 401, 403, 404, 409, 503] as const;
const LIST_FAILED = 'Error fetching WhatsApp list';
/** An account by its id or its client id. */
type Account = z.input<typeof ZIdOrClientid>;
type OfUser = z.input<typeof ZUserParams>;
type Body<S extends z.ZodType> = z.input<S>;

/** Starts linking a device; 429 past a few a minute (it takes a proxy and starts a session). */
export const newClient: Call<{ body: Body<typeof ZNewClientRequest>; answer: TNewClientResponse }> = {
  method: 'POST',
  path: `${area}/new-client`,
  access: 'everyone',
  errors: [400, 401, 403, 404, 409, 429, 503],
  fallback: 'Error creating client',
};
export const confirmNumber: Call<{ body: Body<typeof ZConfirmNumberRequest>; answer: TWhatsappResponse }> = {
  method: 'POST',
  path: `${area}/confirm-number`,
  access: 'everyone',
  errors: FAILURES,
};
export const save: Call<{ body: Body<typeof ZSaveWhatsappRequest>; answer: TWhatsappResponse }> = {
  method: 'POST',
  path: `${area}/save`,
  access: 'everyone',
  errors: FAILURES,
};
export const removeClient: Call<{ body: Body<typeof ZDeviceRequest>; answer: TMsgResponse }> = {
  method: 'POST',
  path: `${area}/remove-client`,
  access: 'everyone',
  errors: FAILURES,
  fallback: 'Error removing client',
};
export const clientState: Call<{ params: Account; answer: z.infer<typeof ZClientStateResponse> }> = {
  method: 'GET',
  path: `${area}/client-state/:id`,
  access: 'everyone',
  errors: FAILURES,
};
/** The caller's own accounts (every account for admins and devs). */
export const list: Call<{ answer: TWhatsappListResponse }> = {
  method: 'GET',
  path: `${area}/list`,
  access: 'everyone',
  errors: FAILURES,
  fallback: LIST_FAILED,
};
/** A user's accounts: the caller's own, or any user's for those who see them. */
export const listOf: Call<{ params: OfUser; query?: { synced?: string }; answer: TWhatsappListResponse }> = {
  method: 'GET',
  path: `${area}/list/:userId`,
  access: 'everyone',
  errors: FAILURES,
  fallback: 'Error fetching Whatsapp list',
};
export const page: Call<{ query: z.input<typeof ZWhatsappPageQuery>; answer: TWhatsappPageResponse }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'memberSide',
  errors: FAILURES,
  fallback: LIST_FAILED,
};
export const startBlasting: Call<{ body: Body<typeof ZStartBlastingRequest>; answer: TWhatsappResponse }> = {
  method: 'POST',
  path: `${area}/start-blasting`,
  access: 'memberSide',
  errors: FAILURES,
};
export const stopBlasting: Call<{ body: Body<typeof ZStopBlastingRequest>; answer: TWhatsappResponse }> = {
  method: 'POST',
  path: `${area}/stop-blasting`,
  access: 'memberSide',
  errors: FAILURES,
};
export const reset: Call<{ body: Body<typeof ZAccountIdRequest>; answer: TWhatsappDataResponse }> = {
  method: 'POST',
  path: `${area}/reset`,
  access: 'memberSide',
  errors: FAILURES,
};
export const activate: Call<{ body: Body<typeof ZAccountIdRequest>; answer: TWhatsappDataResponse }> = {
  method: 'POST',
  path: `${area}/activate`,
  access: 'managers',
  errors: FAILURES,
};
/** The Sending tick. */
export const setSending: Call<{ body: Body<typeof ZSendingRequest>; answer: TWhatsappResponse }> = {
  method: 'PUT',
  path: `${area}/status`,
  access: 'managers',
  errors: FAILURES,
};
export const setInterval: Call<{ body: Body<typeof ZIntervalRequest>; answer: TWhatsappResponse }> = {
  method: 'PUT',
  path: `${area}/interval`,
  access: 'managers',
  errors: FAILURES,
};
export const setTerms: Call<{ body: Body<typeof ZMemberTermsRequest>; answer: TWhatsappResponse }> = {
  method: 'PUT',
  path: `${area}/terms`,
  access: 'memberSide',
  errors: FAILURES,
};
export const lastMessage: Call<{ params: Account; answer: z.infer<typeof ZListenMessageResponse> }> = {
  method: 'GET',
  path: `${area}/listen-message-created/:id`,
  access: 'everyone',
  errors: FAILURES,
};
/** The Blaster page's send. */
export const sendBlaster: Call<{ body: Body<typeof ZSendMessageRequest>; answer: TSendMessageResponse }> = {
  method: 'POST',
  path: `${area}/send-message/1`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error sending message',
};
export const one: Call<{ params: Account; answer: TWhatsappResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'everyone',
  errors: FAILURES,
};
