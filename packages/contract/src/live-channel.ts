/**
 * The live channel's names, events and ping, and how a client reads a message, apart from the message schemas
 * in live.ts so that the screens that open the channel, the dashboard first, load no zod (DESIGN §10).
 */
import type { TAccountLiveMessage, TJobLiveMessage, TLiveMessage, TLiveMessageOf } from './live.ts';

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
  /** The account's health changed (rules/safety/health.ts): its health figures and the day's cap they move. */
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

type Kinds = { event: TLiveEventName; payload: object };
type PayloadOf<M extends Kinds, E> = Extract<M, { event: E }>['payload'];
type TypeName<T> = [T] extends [string] ? 'string' : [T] extends [number] ? 'number' : never;
/**
 * The fields the web reads of an event, each with the name of its type: only a field that every kind of the
 * event carries, with that type, compiles (the schemas in live.ts are the kinds).
 */
type Reads<M extends Kinds> = {
  [E in M['event']]: { [K in keyof PayloadOf<M, E>]?: TypeName<PayloadOf<M, E>[K]> };
};

const ACCOUNT_READS: Reads<TAccountLiveMessage> = {
  qr: { qr: 'string' },
  code: { code: 'string' },
  authenticated: {},
  'connection.update': { state: 'string' },
  proxy_unavailable: {},
  proxy_error: {},
  start: {},
  sending: {},
  progressing: {},
  waiting: { waitTime: 'number' },
  attempting: { code: 'string' },
  reconnecting: {},
  count_success: { count_success: 'number', income: 'number', number: 'string', last_sent: 'string' },
  count_fail: { count_fail: 'number', number: 'string' },
  count_synced: { count_success: 'number', count_fail: 'number', count_delivered: 'number' },
  count_delivered: { count_delivered: 'number' },
  error_blast: { sendError: 'string' },
  idle: {},
  stop: {},
  finished: {},
  reset: { state: 'string' },
  suspended: { suspended_count: 'number' },
  in_use: { number: 'string', in_use: 'number' },
  profile: { pushname: 'string' },
  health: {},
};

const DONE = { count_success: 'number', count_fail: 'number' } as const;
const ENDED = { state: 'string', status: 'string' } as const;

const JOB_READS: Reads<TJobLiveMessage> = {
  reset: { state: 'string' },
  count_synced: DONE,
  generating: {},
  validating: {},
  update_target: {},
  progressing: { value: 'number', target: 'number', progress: 'number' },
  count_success: { count_success: 'number', status: 'string' },
  count_fail: { count_fail: 'number', status: 'string' },
  waiting: { waitTime: 'number' },
  attempting: { code: 'string' },
  reconnecting: {},
  finished: { ...ENDED, ...DONE, progress: 'number' },
  error_generate: { ...ENDED, sendError: 'string' },
  error_validate: { ...ENDED, sendError: 'string' },
  idle: { state: 'string' },
  stop: { state: 'string' },
};

const IMPORT_READS: Reads<TLiveMessageOf<'import_progress'>> = {
  import_progress: { importId: 'string', rows: 'number', phase: 'string' },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const jobIdOf = (payload: Record<string, unknown>) => payload.generatorId ?? payload.validatorId;

/**
 * Whether a message off the socket is one a reader can take: a known event, of a job when it names one (a
 * number), with the device, time and sender every kind carries (no sender on an import's), and each field
 * the web reads of it of its type. Anything else — an unknown event, a field missing or of another type —
 * is dropped by the reader, as a malformed frame is.
 */
export function isLiveMessage(message: unknown): message is TLiveMessage {
  if (!isRecord(message) || typeof message.event !== 'string' || !isRecord(message.payload)) return false;
  const { event, payload } = message;
  const jobId = jobIdOf(payload);
  const reads: Partial<Record<string, Record<string, string | undefined>>> =
    jobId !== undefined ? JOB_READS : event === 'import_progress' ? IMPORT_READS : ACCOUNT_READS;
  const fields = Object.hasOwn(reads, event) ? reads[event] : undefined;
  if (!fields || (jobId !== undefined && typeof jobId !== 'number')) return false;
  if (typeof payload.deviceId !== 'string' || typeof payload.date !== 'string') return false;
  if (event !== 'import_progress' && !isRecord(payload.sender)) return false;
  return Object.entries(fields).every(([field, type]) => typeof payload[field] === type);
}
