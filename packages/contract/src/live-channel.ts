/**
 * The live channel's names, events and ping, apart from the message schemas in live.ts so that the screens
 * that open the channel, the dashboard first, load no zod (DESIGN §10).
 */
import type { TJobLiveMessage, TLiveMessage } from './live.ts';

export const ADMIN_CHANNEL = 'client-admin';
export const memberChannel = (userId: number) => `client-${userId}`;
/**
 * The close code of a socket whose session ended (signed out, revoked, a new password) or whose user may no
 * longer hold the channel (a new role): the client checks its token before it reconnects.
 */
export const SESSION_ENDED_CLOSE = 4001;

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
  /** A file import's progress (imports.ts): `importId`, `rows` read so far, `phase`; `deviceId` is empty. */
  'import_progress',
  /** The account's health changed (engine/safety/health.ts): its health figures and the day's cap they move. */
  'health',
] as const;
export type TLiveEventName = (typeof LIVE_EVENTS)[number];

/**
 * An event of a generator's or validator's run (it names the job). It carries the account's `deviceId` like
 * every event, but its counts, states and numbers are the job's: screens of accounts and of the phone number
 * list must not take them as the account's blast.
 */
export const isJobEvent = (message: TLiveMessage): message is TJobLiveMessage =>
  'generatorId' in message.payload || 'validatorId' in message.payload;

/** What the client sends: `ping` (answered `pong`). */
export const PING = 'ping';
export const PONG = 'pong';
