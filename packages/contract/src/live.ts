/**
 * The live channel (spec part 1 §7, part 2 §4, DESIGN §7): `GET /ws?id=client-{userId}&token={jwt}`, or
 * `id=client-admin` for staff, admins and devs. Messages are `{event, payload}`; every payload carries the
 * account's `deviceId` and an ISO `date`, and `sender` where an account is involved.
 */
import { z } from 'zod';

export const ADMIN_CHANNEL = 'client-admin';
export const memberChannel = (userId: number) => `client-${userId}`;

export const LIVE_EVENTS = [
  'qr',
  'code',
  'authenticated',
  'connection.update',
  'proxy_unavailable',
  'proxy_error',
  'start',
  'sending',
  'progressing',
  'waiting',
  'count_success',
  'count_fail',
  'count_synced',
  'attempting',
  'reconnecting',
  'error_blast',
  'idle',
  'stop',
  'finished',
  'reset',
  'suspended',
  'generating',
  'validating',
  'error_generate',
  'error_validate',
  'update_target',
  'in_use',
  /** A successful send WhatsApp reported delivered for the first time: the account's `count_delivered`. */
  'count_delivered',
  /** The account's own name, learned after linking: `pushname`. */
  'profile',
] as const;
export type TLiveEventName = (typeof LIVE_EVENTS)[number];

export const ZSender = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  clientid: z.string(),
  state: z.string(),
  status: z.string(),
});
export type TSender = z.infer<typeof ZSender>;

/**
 * Fields events carry beyond `deviceId`, `date` and `sender`: `code` is the pairing code of `code` and the
 * failure code of `attempting`.
 */
export const ZLivePayload = z.looseObject({
  deviceId: z.string(),
  date: z.string(),
  sender: ZSender.optional(),
  qr: z.string().optional(),
  code: z.string().optional(),
  phonenumber: z.string().optional(),
  pushname: z.string().optional(),
  server: z.string().optional(),
  state: z.string().optional(),
  number: z.string().optional(),
  value: z.number().optional(),
  target: z.number().optional(),
  progress: z.number().optional(),
  waitTime: z.number().optional(),
  count_success: z.number().optional(),
  count_fail: z.number().optional(),
  count_delivered: z.number().optional(),
  income: z.number().optional(),
  reconnectTime: z.number().optional(),
  sendError: z.string().optional(),
  suspended_count: z.number().optional(),
  in_use: z.number().optional(),
  last_sent: z.string().optional(),
  /** Generator and validator events (spec part 2 §4): the job they are about, its row `status`, the number checked. */
  generatorId: z.number().optional(),
  validatorId: z.number().optional(),
  status: z.string().optional(),
  name: z.string().optional(),
  current_number: z.string().nullable().optional(),
});
export type TLivePayload = z.infer<typeof ZLivePayload>;

/**
 * An event of a generator's or validator's run (it names the job). It carries the account's `deviceId` like
 * every event, but its counts, states and numbers are the job's: screens of accounts and of the phone number
 * list must not take them as the account's blast.
 */
export const isJobEvent = (payload: Pick<TLivePayload, 'generatorId' | 'validatorId'>): boolean =>
  payload.generatorId !== undefined || payload.validatorId !== undefined;

export const ZLiveMessage = z.object({ event: z.enum(LIVE_EVENTS), payload: ZLivePayload });
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** What the client sends: `ping` (answered `pong`). */
export const PING = 'ping';
export const PONG = 'pong';
