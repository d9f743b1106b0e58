/**
 * What number generators and validators share (spec part 2 §1-§5, §7; DESIGN §5.9): a job checks numbers
 * one by one through one of its owner's linked accounts, at one check per random interval, and keeps the
 * numbers that are on WhatsApp as its result.
 */
import { z } from 'zod';
import { ZErrorResponse, ZMsgResponse } from './errors.ts';
import { INTERVAL_ORDER_TEXT, intervalsInOrder } from './interval.ts';
import { wholeNumber } from './numbers.ts';
import { FILTER_ALL, MAX_ID, pageOf, ZId, ZIdParams, ZPageQuery } from './paging.ts';

/** A generator walks at most this many numbers (end - start + 1). */
export const JOB_RANGE_MAX = 1_000_000;
/** Interval bounds in whole seconds, as the blast intervals have them. */
export const JOB_INTERVAL_MAX = 86_400;
export const JOB_INTERVAL_DEFAULT = { min: 1, max: 2 } as const;

/**
 * The row's `status` as the spec's client reads it: `sending` while the job is meant to run (set by start,
 * kept through waits, retries and reconnects), `idle` once stopped or finished.
 */
export const JOB_STATUSES = ['sending', 'idle'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/**
 * What the engine is doing with the job (`state`): `running` checks, `waiting` between checks, `attempting`
 * a retry, `reconnecting` after the account dropped, `quota` while every account that may check has spent
 * its hourly budget of checks, `no_checker` while none of its owner's accounts may check at all (warming up,
 * restricted), `finished` at the end of its numbers, `error` when it stopped by itself (its `last_error` says
 * why), `idle` otherwise.
 */
export const JOB_STATES = [
  'idle',
  'running',
  'waiting',
  'attempting',
  'reconnecting',
  'quota',
  'no_checker',
  'finished',
  'error',
] as const;
export type TJobState = (typeof JOB_STATES)[number];

/** The list's 'Filter Status' options, by the value the list query takes. */
export const JOB_FILTERS = ['sending', 'idle', 'finished', 'error'] as const;
export type TJobFilter = (typeof JOB_FILTERS)[number];

/** Texts both lists and forms share; spec texts word for word, the rest ours in the spec's language. */
export const JOB_TEXT = {
  searchPlaceholder: 'Cari Whatsapp',
  filterStatus: 'Filter Status',
  filterAll: FILTER_ALL,
  filterLabels: {
    sending: 'Berjalan',
    idle: 'Berhenti',
    finished: 'Selesai',
    error: 'Gagal',
  } satisfies Record<TJobFilter, string>,
  add: 'Tambah',
  empty: 'Kosong',
  loading: 'Loading...',
  columnAccount: 'Akun',
  columnClientId: 'Client ID',
  columnSuccess: 'Berhasil',
  columnFail: 'Gagal',
  columnProgress: 'Progress',
  columnStatus: 'Status',
  columnAction: 'Action',
  start: 'Start',
  stop: 'Stop',
  download: 'Download',
  delete: 'Delete',
  edit: 'Edit',
  deleting: 'Deleting...',
  idle: 'Idle',
  finished: 'Selesai',
  reconnecting: 'reconnecting...',
  waiting: (seconds: number) => `Waiting (${seconds} s)`,
  /** Account safety: every account that may check has spent its hourly budget; the job goes on by itself. */
  waitLookups: 'Menunggu kuota cek',
  /** Account safety: none of the owner's accounts may check now. */
  noChecker: 'Tidak ada akun yang boleh cek nomor',
  noCheckerHint:
    'Akun yang masih pemanasan, sedang dibatasi WhatsApp atau terputus tidak dipakai untuk cek nomor. Job lanjut sendiri begitu ada akun yang siap.',
  attempting: (code: string | number) => `Fail, attempting (${code})`,
  /** The start refusal of spec part 2 §5: dialog title and body. */
  forbiddenTitle: 'Forbidden',
  disconnected: 'Sambungan terputus, silahkan sambungkan ulang!',
  cannotReconnect: 'Sambungan terputus, tidak dapat menyambungkan kembali!',
  intervalMin: 'Interval Min',
  intervalMax: 'Interval Max',
  whatsapp: 'Whatsapp Generator',
  newAccount: 'Daftar Baru',
  go: 'Go',
  saveToList: 'Simpan ke dalam daftar',
  submit: 'Submit',
  saving: 'Menyimpan...',
  intervalRequired: 'Interval wajib diisi angka.',
  intervalRange: `Interval 1 - ${JOB_INTERVAL_MAX} detik.`,
  whatsappRequired: 'Pilih akun Whatsapp.',
  deleteConfirm: 'Hapus data ini beserta hasilnya?',
  // Server answers.
  started: 'Dimulai.',
  stopped: 'Dihentikan.',
  saved: 'Tersimpan.',
  whatsappNotYours: 'Akun Whatsapp tidak ditemukan di akun Anda.',
  whatsappGone: 'Akun Whatsapp job ini sudah dihapus.',
  runningEdit: 'Hentikan dulu sebelum mengubah.',
  alreadyFinished: 'Semua nomor sudah diperiksa. Buat yang baru untuk memeriksa lagi.',
  suspended: 'Akun sedang disuspend.',
  busyBlast: 'Akun ini sedang menjalankan blast. Hentikan blast dulu.',
  busyGenerator: (id: number) => `Akun ini sedang menjalankan generator #${id}. Hentikan dulu.`,
  busyValidator: (id: number) => `Akun ini sedang menjalankan validator #${id}. Hentikan dulu.`,
} as const;

/**
 * Why start (or a blast start) was refused, for the client to tell apart: `disconnected` opens the
 * 'Forbidden' dialog, `busy` names the job the account runs, `running` refuses an edit, `finished` a
 * start of a job with nothing left to check.
 */
export const JOB_REFUSALS = ['disconnected', 'busy', 'running', 'finished'] as const;
export type TJobRefusalCode = (typeof JOB_REFUSALS)[number];
/** 409 answer of start and update; `error` repeats `msg` (the spec's client shows `error` on start/stop). */
export const ZJobRefusal = ZErrorResponse.extend({ code: z.enum(JOB_REFUSALS).optional() });
export type TJobRefusal = z.infer<typeof ZJobRefusal>;

/** The account a job runs on, as its list shows it; `state` decides whether Start may be pressed. */
export const ZJobWhatsapp = z.object({
  id: z.number().int(),
  pushname: z.string().nullable(),
  phonenumber: z.string().nullable(),
  clientid: z.string(),
  state: z.string(),
});
export type TJobWhatsapp = z.infer<typeof ZJobWhatsapp>;

/** The fields every job row has. `whatsapp_id` and `Whatsapp` are null once the account is removed. */
export const ZJobBase = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  whatsapp_id: z.number().int().nullable(),
  b_insert: z.union([z.literal(0), z.literal(1)]),
  interval_min: z.number().int(),
  interval_max: z.number().int(),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  /** Numbers to check in all, and checked so far. */
  total: z.number().int(),
  done: z.number().int(),
  /** 0-100, done / total × 100. */
  progress: z.number(),
  status: z.enum(JOB_STATUSES),
  state: z.enum(JOB_STATES),
  last_error: z.string().nullable(),
  createdAt: z.string(),
  Whatsapp: ZJobWhatsapp.nullable(),
  /** The owner, for devs who see everyone's jobs. */
  User: z.object({ firstname: z.string(), lastname: z.string() }),
});

/** Phone numbers as a form gives them: digits with the country code 62, 10-15 of them (contract phonenumber.ts). */
export const JOB_NUMBER_PATTERN = /^62\d{8,13}$/;

/** `b_insert` as forms send it: a boolean, 0/1, or their text in a multipart field. */
export const ZBInsert = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

const interval = wholeNumber(1, JOB_INTERVAL_MAX, JOB_TEXT.intervalRequired, JOB_TEXT.intervalRange);

/** The settings every job has: the account, the pace and whether hits join the phone number list. */
export const ZJobSettings = z.object({
  // No account chosen (an empty select) reads as 0: say to choose one rather than that the id is bad.
  whatsapp_id: wholeNumber(1, MAX_ID, JOB_TEXT.whatsappRequired),
  interval_min: interval,
  interval_max: interval,
  b_insert: ZBInsert.default(false),
});

/** The spec's order rule of the two intervals, on `interval_min` as the form shows it. */
export function intervalRule<T extends { interval_min: number; interval_max: number }>(body: T): boolean {
  return intervalsInOrder(body.interval_min, body.interval_max);
}
export const INTERVAL_RULE = { path: ['interval_min'], error: INTERVAL_ORDER_TEXT };

/** List query: `user_id` as the spec's client sends it (a dev's null is left out), search by account number or name. */
export const ZJobPageQuery = ZPageQuery.extend({
  user_id: ZId.optional(),
  status: z.enum(JOB_FILTERS).optional(),
});
export type TJobPageQuery = z.input<typeof ZJobPageQuery>;

/** Start and stop: the job's id. */
export const ZJobIdRequest = z.object({ id: ZId });
export type TJobIdRequest = z.infer<typeof ZJobIdRequest>;

/** A row of a downloaded result: a number on WhatsApp, its profile name where known, and `active`. */
export const ZJobResult = z.object({ number: z.string(), name: z.string(), status: z.literal('active') });
export type TJobResult = z.infer<typeof ZJobResult>;
export const JOB_RESULT_HEADER = ['number', 'name', 'status'] as const;

/**
 * What the server checks of the calls jobs-calls.ts declares, for the area whose job `item` goes under
 * `key`; the area's schema module adds its create and update.
 */
export function jobSchemasOf<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  const one = z.object({ [key]: item } as { [K in Key]: Item });
  const answer = one.extend({ msg: z.string() });
  return {
    page: {
      summary: "A page of jobs, newest first: the caller's own; a dev's, anyone's (user_id narrows)",
      querystring: ZJobPageQuery,
      response: { 200: pageOf(item) },
    },
    result: {
      summary: `The numbers found on WhatsApp, streamed: text/csv (${JOB_RESULT_HEADER.join(',')}), or {list} of them when Accept prefers application/json`,
      params: ZIdParams,
      // A stream skips the response serializer: this is the document's description.
      response: { 200: z.string().describe(`text/csv: ${JOB_RESULT_HEADER.join(',')}; or application/json {list}`) },
    },
    one: { params: ZIdParams, response: { 200: one } },
    remove: {
      summary: 'Stops the job, then removes it with its results',
      params: ZIdParams,
      response: { 200: ZMsgResponse },
    },
    start: {
      summary:
        "Runs the job on its account's worker. 403 code 'disconnected' when the account is not connected; 409 code 'busy' when the account blasts or runs another job, 'finished' when nothing is left",
      body: ZJobIdRequest,
      response: { 200: answer, 403: ZJobRefusal, 409: ZJobRefusal },
    },
    stop: { body: ZJobIdRequest, response: { 200: answer } },
  };
}
