/**
 * The live channel (spec part 1 §7, part 2 §4, DESIGN §7): `GET /ws?id=client-{userId}&token={jwt}`, or
 * `id=client-admin` for staff, admins and devs. Messages are `{event, payload}`, one kind per event and
 * publisher: each names exactly the fields its publisher sends. Every payload carries the account's `deviceId`
 * and an ISO `date`, and the account as `sender` (all but `import_progress`). A generator's or validator's run
 * sends some of the blast's event names with the job's own fields and its id (`generatorId`, `validatorId`):
 * `isJobEvent` tells the two apart, and narrows to the job's kinds. The schemas are strict so that a test can
 * hold each event a publisher sends to its kind (server test/ws.ts, test/live-events.test.ts).
 */
import { z } from 'zod';
import { IMPORT_PHASES } from './imports.ts';
import type { TLiveEventName } from './live-channel.ts';
import { ZWhatsapp } from './whatsapp.ts';

export const ZSender = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  clientid: z.string(),
  state: z.string(),
  status: z.string(),
});
export type TSender = z.infer<typeof ZSender>;

/** A blasting account's safety figures (whatsapp.ts ZWhatsapp): its cap, sends and warm-up, its wait, its health. */
const ZSafetyFigures = ZWhatsapp.pick({
  daily_cap: true,
  cap_grown: true,
  sent_today: true,
  warmup_day: true,
  warmup_days: true,
  resume_at: true,
  wait_reason: true,
  health: true,
  health_trend: true,
  health_pause_below: true,
  health_slowed: true,
});
export type TSafetyFigures = z.infer<typeof ZSafetyFigures>;
const SAFETY = ZSafetyFigures.shape;
/** The figures as the blast last found them: none before its first round has read them. */
const SAFETY_IF_READ = ZSafetyFigures.partial().shape;

const BASE = { deviceId: z.string(), date: z.string(), sender: ZSender };
const int = z.number().int();

const kind = <E extends TLiveEventName, S extends z.ZodRawShape>(event: E, shape: S) =>
  z.strictObject({ event: z.literal(event), payload: z.strictObject({ ...BASE, ...shape }) });

/** A generator's and a validator's run send the same kind, each naming its job. */
const jobKind = <E extends TLiveEventName, S extends z.ZodRawShape>(event: E, shape: S) =>
  [kind(event, { generatorId: int, ...shape }), kind(event, { validatorId: int, ...shape })] as const;

/** What an account's own events, its blast's among them, carry. */
const ACCOUNT_KINDS = [
  kind('qr', { qr: z.string() }),
  /** The pairing code to type on the phone. */
  kind('code', { code: z.string() }),
  /** Linked (`server`: the worker holding it), or a changed number taken by its owner (no `server`). */
  kind('authenticated', {
    phonenumber: z.string().optional(),
    pushname: z.string().optional(),
    server: z.string().optional(),
  }),
  /**
   * The account's new state; `phonenumber` is the number a `numberChanged` account was linked by, `refusal` why
   * WhatsApp refused a link (LINK_REFUSALS): the link screen says what to do.
   */
  kind('connection.update', {
    state: z.string(),
    phonenumber: z.string().optional(),
    refusal: z.string().optional(),
  }),
  /** No proxy was free for a new link; its sender is the link asked for (`id` 0). */
  kind('proxy_unavailable', {}),
  kind('proxy_error', {}),
  kind('start', {}),
  kind('sending', { number: z.string() }),
  /** A long pause between sends ended: the wait it showed is cleared. */
  kind('progressing', { resume_at: z.null().optional(), wait_reason: z.null().optional() }),
  /** A pause or a hold of `waitTime` seconds; a restriction's says until when (`limited_until`, ISO). */
  kind('waiting', { waitTime: z.number(), limited_until: z.string().optional(), ...SAFETY_IF_READ }),
  /** A send failed and is tried again; `code` is why. */
  kind('attempting', { code: z.string(), ...SAFETY_IF_READ }),
  kind('reconnecting', { reconnectTime: z.number(), ...SAFETY_IF_READ }),
  kind('count_success', {
    count_success: int,
    income: int,
    number: z.string(),
    last_sent: z.string(),
    ...SAFETY,
  }),
  kind('count_fail', { count_fail: int, number: z.string(), ...SAFETY }),
  /** The stored counts, for screens that missed events while the session was away. */
  kind('count_synced', { count_success: int, count_fail: int, count_delivered: int }),
  /** A successful send WhatsApp reported delivered for the first time. */
  kind('count_delivered', { count_delivered: int }),
  kind('error_blast', { sendError: z.string() }),
  kind('idle', {}),
  kind('stop', {}),
  kind('finished', {}),
  /** The counts were set to zero; the account's state. */
  kind('reset', { state: z.string() }),
  kind('suspended', { suspended_count: int }),
  /** The number the blast took (1) or gave back (0). */
  kind('in_use', { number: z.string(), in_use: z.union([z.literal(0), z.literal(1)]) }),
  /** The account's own name, learned after linking. */
  kind('profile', { pushname: z.string() }),
  /** The account's health moved (rules/safety/health.ts), with the figures it moves; when and why a blast waits is the blast's to say. */
  kind('health', ZSafetyFigures.omit({ resume_at: true, wait_reason: true }).shape),
] as const;

const JOB_DONE = { count_success: int, count_fail: int };

/** What a generator's or validator's run says of its job (check-run.ts); the generator's carry its current number. */
const JOB_KINDS = [
  ...jobKind('reset', { state: z.literal('running') }),
  ...jobKind('count_synced', JOB_DONE),
  kind('generating', { generatorId: int, status: z.literal('sending'), state: z.literal('running') }),
  kind('validating', { validatorId: int, status: z.literal('sending'), state: z.literal('running') }),
  ...jobKind('update_target', { target: int }),
  kind('progressing', {
    generatorId: int,
    value: int,
    target: int,
    progress: z.number(),
    current_number: z.string().nullable(),
  }),
  kind('progressing', { validatorId: int, value: int, target: int, progress: z.number() }),
  /** `name`: the name WhatsApp knows the number by ('' when none). */
  ...jobKind('count_success', {
    count_success: int,
    number: z.string(),
    name: z.string(),
    status: z.literal('sending'),
  }),
  ...jobKind('count_fail', { count_fail: int, number: z.string(), status: z.literal('sending') }),
  ...jobKind('waiting', { waitTime: z.number() }),
  /** No account may check now: `quota` until a slot frees at `resume_at`, `no_checker` while none may check at all. */
  ...jobKind('waiting', {
    waitTime: z.number(),
    state: z.enum(['quota', 'no_checker']),
    status: z.literal('sending'),
    resume_at: z.string().nullable(),
  }),
  ...jobKind('attempting', { code: z.string() }),
  ...jobKind('reconnecting', { reconnectTime: z.number() }),
  /** The job waits for its account to connect again. */
  ...jobKind('reconnecting', { state: z.literal('reconnecting'), status: z.literal('sending') }),
  kind('finished', {
    generatorId: int,
    state: z.literal('finished'),
    status: z.literal('idle'),
    progress: z.number(),
    ...JOB_DONE,
    current_number: z.string().nullable(),
  }),
  kind('finished', {
    validatorId: int,
    state: z.literal('finished'),
    status: z.literal('idle'),
    progress: z.number(),
    ...JOB_DONE,
  }),
  kind('error_generate', {
    generatorId: int,
    state: z.literal('error'),
    status: z.literal('idle'),
    sendError: z.string(),
  }),
  kind('error_validate', {
    validatorId: int,
    state: z.literal('error'),
    status: z.literal('idle'),
    sendError: z.string(),
  }),
  ...jobKind('idle', { state: z.literal('idle'), status: z.literal('idle') }),
  ...jobKind('stop', { state: z.literal('idle'), status: z.literal('idle') }),
] as const;

/** A file import's progress (imports.ts): the id the importer's client gave, the rows read so far, the phase. */
const ZImportProgress = z.strictObject({
  event: z.literal('import_progress'),
  payload: z.strictObject({
    deviceId: z.literal(''),
    date: z.string(),
    importId: z.string(),
    rows: int,
    phase: z.enum(IMPORT_PHASES),
  }),
});

export const ZLiveMessage = z.union([...ACCOUNT_KINDS, ...JOB_KINDS, ZImportProgress]);
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** The kinds a generator's or validator's run sends. */
export type TJobLiveMessage = z.infer<(typeof JOB_KINDS)[number]>;
/** The kinds an account sends of itself: its link, its session, its blast. */
export type TAccountLiveMessage = z.infer<(typeof ACCOUNT_KINDS)[number]>;

export type TLiveMessageOf<E extends TLiveEventName> = Extract<TLiveMessage, { event: E }>;

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type BaseField = keyof typeof BASE;
/** What a publisher of an account's event gives, by event: a payload of one of its kinds but for the device, time and sender. */
export type TAccountExtras = {
  [E in TAccountLiveMessage['event']]: OmitEach<Extract<TAccountLiveMessage, { event: E }>['payload'], BaseField>;
};
/** The job an event of a generator's or validator's run names. */
export type TJobRef = { generatorId: number } | { validatorId: number };
type JobPayload<E, J> = OmitEach<
  Extract<Extract<TJobLiveMessage, { event: E }>['payload'], J>,
  BaseField | 'generatorId' | 'validatorId'
>;
/**
 * What a run of job `J` gives, by event: only the events a run of its kind sends (`generating` is a generator's),
 * with its kind's fields; the job's id is the run's to add. Left as `TJobRef`, either kind's.
 */
export type TJobExtras<J extends TJobRef = TJobRef> = {
  [E in TJobLiveMessage['event'] as [JobPayload<E, J>] extends [never] ? never : E]: JobPayload<E, J>;
};
