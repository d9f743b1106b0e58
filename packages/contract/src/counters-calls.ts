/**
 * The counts the dashboards read from the accounts' and the numbers' areas (call.ts): declared here so that
 * they load in the counters' chunk with its texts rather than with every call of whatsapp-calls.ts and
 * phonenumber-calls.ts (the first load's budget, DESIGN §10). Those modules re-export them, so each area's
 * table is whole. Types only from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TIncomeForecast } from './dashboard.ts';
import type { TCountBlastResponse } from './phonenumber.ts';
import type { TWhatsappCountResponse } from './whatsapp.ts';
import type { ZUserParams } from './whatsapp-schemas.ts';

const WHATSAPP_FAILURES = [400, 401, 403, 404, 409, 503] as const;
type OfUser = z.input<typeof ZUserParams>;

/** Numbers blasted at least once, and never (the admin dashboard). */
export const countBlast: Call<{ answer: TCountBlastResponse }> = {
  method: 'GET',
  path: '/api/admin/phonenumber/count-blast',
  access: 'managers',
  errors: [400, 401, 403, 404, 409],
};
/** Every user's linked accounts, connected and not (the admin dashboard). */
export const countAll: Call<{ answer: TWhatsappCountResponse }> = {
  method: 'GET',
  path: '/api/admin/whatsapp/count',
  access: 'managers',
  errors: WHATSAPP_FAILURES,
};
/** A user's linked accounts, connected and not (the member dashboard). */
export const count: Call<{ params: OfUser; answer: TWhatsappCountResponse }> = {
  method: 'GET',
  path: '/api/admin/whatsapp/count/:userId',
  access: 'everyone',
  errors: WHATSAPP_FAILURES,
};
/** What a member's connected accounts may earn in a sending day (the member dashboard). */
export const forecast: Call<{ params: OfUser; answer: TIncomeForecast }> = {
  method: 'GET',
  path: '/api/admin/whatsapp/forecast/:userId',
  access: 'memberSide',
  errors: WHATSAPP_FAILURES,
};
