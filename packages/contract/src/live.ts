/**
 * The live channel (spec part 1 §7, part 2 §4, DESIGN §7): `GET /ws?id=client-{userId}&token={jwt}`, or
 * `id=client-admin` for staff, admins and devs. Messages are `{event, payload}`; every payload carries the
 * account's `deviceId` and an ISO `date`, and `sender` where an account is involved.
 */
import { z } from 'zod';
import { LIVE_EVENTS } from './live-channel.ts';
import { HEALTH_TRENDS, WAIT_REASONS } from './whatsapp.ts';

export {
  ADMIN_CHANNEL,
  isJobEvent,
  LIVE_EVENTS,
  memberChannel,
  PING,
  PONG,
  type TLiveEventName,
} from './live-channel.ts';

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
  /** `connection.update` of a link WhatsApp refused (LINK_REFUSALS): the link screen says why and what to do. */
  refusal: z.string().optional(),
  number: z.string().optional(),
  value: z.number().optional(),
  target: z.number().optional(),
  progress: z.number().optional(),
  waitTime: z.number().optional(),
  /** `waiting` for a restriction: when WhatsApp lets the account send again (ISO time). */
  limited_until: z.string().optional(),
  /**
   * A blasting account's safety figures (whatsapp.ts ZWhatsapp): its cap today, sent today, warm-up day, and
   * when and why it waits (`resume_at`, `wait_reason`), null when it may send.
   */
  daily_cap: z.number().optional(),
  cap_grown: z.boolean().optional(),
  sent_today: z.number().optional(),
  warmup_day: z.number().nullable().optional(),
  warmup_days: z.number().optional(),
  resume_at: z.string().nullable().optional(),
  wait_reason: z.enum(WAIT_REASONS).nullable().optional(),
  /** The account's health 0–100, its trend, and the pause threshold (whatsapp.ts ZWhatsapp). */
  health: z.number().optional(),
  health_trend: z.enum(HEALTH_TRENDS).optional(),
  health_pause_below: z.number().optional(),
  health_slowed: z.boolean().optional(),
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
  /** `import_progress`: the id the importer's client gave, the rows read so far and the phase (imports.ts). */
  importId: z.string().optional(),
  rows: z.number().optional(),
  phase: z.string().optional(),
});
export type TLivePayload = z.infer<typeof ZLivePayload>;

export const ZLiveMessage = z.object({ event: z.enum(LIVE_EVENTS), payload: ZLivePayload });
export type TLiveMessage = z.infer<typeof ZLiveMessage>;
