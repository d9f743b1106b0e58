/** WhatsApp accounts (spec part 1 §3 WhatsApp account, §7 WhatsApp). The session credentials never leave the server. */
import { z } from 'zod';
import { INTERVAL_ORDER_TEXT, intervalsInOrder } from './interval.ts';
import { pageOf, ZId } from './paging.ts';

/** Why WhatsApp would not let a device link, when the member must act on it (the driver's LinkRefusal). */
export const LINK_REFUSALS = ['passkey'] as const;
export type TLinkRefusal = (typeof LINK_REFUSALS)[number];
export function linkRefusalOf(value: unknown): TLinkRefusal | null {
  return LINK_REFUSALS.find((refusal) => refusal === value) ?? null;
}

export const WHATSAPP_TEXT = {
  proxyUnavailable: 'Proxy tidak tersedia. Coba lagi.',
  clientCreated: 'Client dibuat. Silakan pindai QR atau masukkan kode.',
  clientRemoved: 'Client dihapus.',
  notLinked: 'Akun belum tersambung.',
  badDeviceId: 'Client ID tidak valid.',
  pairingNumber: 'Nomor harus diawali 62.',
  /** A number that starts right but is too short or too long ('62' alone). */
  pairingLength: 'Nomor harus berisi 10-15 angka.',
  /** Said on the link screen while the server keeps trying to reach WhatsApp. */
  retrying: 'Server belum dapat tersambung ke WhatsApp. Mencoba lagi...',
  outdated: 'WhatsApp menolak versi WhatsApp Web server ini (405). Server mengambil versi terbaru dan mencoba lagi.',
  /** A link WhatsApp refused (`connection.update` with `refusal`), by why, with what the member can do. */
  linkRefused: {
    passkey:
      'WhatsApp meminta konfirmasi passkey untuk menautkan perangkat ini, dan Sewablast belum dapat melakukannya. ' +
      'Di ponsel, buka WhatsApp › Setelan › Akun › Passkey dan hapus passkey akun ini (atau coba dari ponsel lain), ' +
      'lalu klik Generate lagi. Jika tetap diminta, tunggu beberapa jam sebelum mencoba lagi.',
  } satisfies Record<(typeof LINK_REFUSALS)[number], string>,
  /** A reconnect link (`/whatsapp/create?r=`) naming an account that is not there or not the user's. */
  reconnectMissing:
    'Akun yang akan disambungkan ulang tidak ditemukan atau bukan milik Anda, jadi tidak ada yang disambungkan. Pilih akunnya dari daftar.',
  /** The same link when the account could not be read at all (the server or the network failed). */
  reconnectUnreadable: (reason: string) => `Akun yang akan disambungkan ulang tidak dapat dibaca: ${reason}`,
  openList: 'Buka Daftar Whatsapp',
  linkNew: 'Tautkan akun baru',
  /** A start that never reached the server (the network failed): said once, instead of the spec's retry line. */
  startUnreachable: 'Blast belum dimulai: server tidak dapat dihubungi. Periksa koneksi internet Anda, lalu coba lagi.',
  /** The list's count of successful sends WhatsApp reported delivered, beside 'Berhasil' and 'Gagal'. */
  delivered: 'Diterima',
  tooManyPendingLinks: (max: number) =>
    `Sudah ada ${max} perangkat yang menunggu ditautkan. Selesaikan atau batalkan dulu sebelum menambah lagi.`,
  /** A reconnect scanned by a phone whose number is not the account's: the owner is asked (confirm-number). */
  numberChangedTitle: 'Nomor WhatsApp berbeda',
  numberChanged: (account: string, scanned: string) =>
    `Akun ini bernomor ${account}, tetapi ponsel yang memindai bernomor ${scanned}. Ganti nomor akun ini menjadi ${scanned}? Penghitung dan pendapatannya tetap.`,
  replaceNumber: 'Ganti Nomor',
  keepNumber: 'Tetap Nomor Lama',
  /** Kept: the other phone's session is ended and the account waits to be linked again by its own phone. */
  numberKept: (account: string) => `Nomor akun tetap ${account}. Sambungkan ulang dengan ponsel bernomor ${account}.`,
  noNumberPending: 'Tidak ada nomor baru yang menunggu konfirmasi untuk akun ini.',
} as const;

/** Why the engine could not link or send: no process holds the session, or the one holding it is stopping. */
export const ENGINE_TEXT = {
  noEngine: 'Tidak ada worker yang memegang sesi WhatsApp di proses ini.',
  noWorker: 'Tidak ada worker yang memegang sesi akun ini.',
  noSession: 'Sesi akun ini tidak aktif di server.',
  stopping: 'Pesan tidak dikirim: server sedang berhenti.',
} as const;

/**
 * Why a blasting account waits (rules/safety/send-policy.ts): a restriction WhatsApp set, outside the sending hours,
 * its day's cap spent, (`no_hours`) its owner's sending hours and the service's never meet, so that it
 * never sends, (`health`) its health is below the pause threshold until it recovers (rules/safety/health.ts), or
 * (`spread`) a long pause between two sends, the day's cap spread over the sending hours (rules/safety/send-spread.ts).
 */
export const WAIT_REASONS = ['limited', 'window', 'cap', 'no_hours', 'health', 'spread'] as const;
export type TWaitReason = (typeof WAIT_REASONS)[number];

/** Whether an account's health went up, down or stayed since earlier (rules/safety/health.ts, HEALTH_TREND_HOURS). */
export const HEALTH_TRENDS = ['up', 'down', 'steady'] as const;
export type THealthTrend = (typeof HEALTH_TRENDS)[number];

/** Links a user may have waiting for a scan at once: each one holds a proxy until it is scanned or given up. */
export const MAX_PENDING_LINKS = 3;

export const ZWhatsapp = z.object({
  id: z.number().int(),
  clientid: z.string(),
  user_id: z.number().int(),
  phonenumber: z.string().nullable(),
  pushname: z.string().nullable(),
  server: z.string().nullable(),
  proxyId: z.number().int(),
  state: z.string(),
  status: z.enum(['idle', 'sending']),
  blasting: z.boolean(),
  sending_enabled: z.boolean(),
  interval_min: z.number().int().nullable(),
  interval_max: z.number().int().nullable(),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  /** Successful sends WhatsApp later reported delivered; income stays on the send (issue 13). */
  count_delivered: z.number().int(),
  income: z.number().int(),
  suspended: z.boolean(),
  suspended_count: z.number().int(),
  /** WhatsApp limits what the account may send until then (a timelock, a cool-down); null when free. */
  limited_until: z.string().nullable(),
  /** Account safety (DESIGN §8): the most it sends in this sending day, its warm-up lowering it. */
  daily_cap: z.number().int(),
  /** Its cap today is above the service's daily cap because it proved itself (rules/safety/proven-cap.ts). */
  cap_grown: z.boolean(),
  sent_today: z.number().int(),
  /** Its day of warm-up (1 the first) of `warmup_days`; null once warmed up. */
  warmup_day: z.number().int().nullable(),
  warmup_days: z.number().int(),
  /** When a blasting account that waits may send again (ISO), and why it waits; null when it is not waiting. */
  resume_at: z.string().nullable(),
  wait_reason: z.enum(WAIT_REASONS).nullable(),
  /** Its health 0–100 from its own signals over the last 24 hours (rules/safety/health.ts), and its trend since earlier. */
  health: z.number().int(),
  health_trend: z.enum(HEALTH_TRENDS),
  /** Below this health its blast pauses itself (the settings' `health_pause_below`), for the row's reason. */
  health_pause_below: z.number().int(),
  /** Its health stretches its interval and lowers its cap today (below `health_slow_below`, safety on). */
  health_slowed: z.boolean(),
  /** The owner's own terms (null: the service's): a lower daily cap and narrower sending hours, HH:MM. */
  member_daily_cap: z.number().int().nullable(),
  member_window_start: z.string().nullable(),
  member_window_end: z.string().nullable(),
  createdAt: z.string(),
});
export type TWhatsapp = z.infer<typeof ZWhatsapp>;

/** The account id the Add WhatsApp screen generates and shows read-only. */
export const ZDeviceId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, { error: WHATSAPP_TEXT.badDeviceId });

export const ZNewClientRequest = z.object({
  deviceId: ZDeviceId,
  previousDeviceId: ZDeviceId.nullish(),
  userId: ZId,
  /** Digits only, or null for a QR code (spec part 1 §5). */
  phoneNumber: z
    .string()
    .regex(/^62/, { error: WHATSAPP_TEXT.pairingNumber })
    .regex(/^\d{10,15}$/, { error: WHATSAPP_TEXT.pairingLength })
    .nullish(),
});
export type TNewClientRequest = z.infer<typeof ZNewClientRequest>;

export const ZNewClientResponse = z.object({ proxyId: z.number().int(), message: z.string() });
export type TNewClientResponse = z.infer<typeof ZNewClientResponse>;

export const ZDeviceRequest = z.object({ deviceId: ZDeviceId });

/** The owner's answer to a re-link by another phone: take its number (`replace`), or keep the account's. */
export const ZConfirmNumberRequest = z.object({ deviceId: ZDeviceId, replace: z.boolean() });
export type TConfirmNumberRequest = z.infer<typeof ZConfirmNumberRequest>;

/** What the Add WhatsApp screen sends back; the server keeps its own facts and ignores the rest. */
export const ZSaveWhatsappRequest = z.looseObject({ clientid: ZDeviceId });

export const ZWhatsappResponse = z.object({ whatsapp: ZWhatsapp });
export type TWhatsappResponse = z.infer<typeof ZWhatsappResponse>;
/** Reset and activate answer the account under `data`, as the spec's client reads them. */
export const ZWhatsappDataResponse = z.object({ data: ZWhatsapp });
export type TWhatsappDataResponse = z.infer<typeof ZWhatsappDataResponse>;
export const ZWhatsappListResponse = z.object({ list: z.array(ZWhatsapp) });
export type TWhatsappListResponse = z.infer<typeof ZWhatsappListResponse>;
export const ZWhatsappPageResponse = pageOf(ZWhatsapp);
export type TWhatsappPageResponse = z.infer<typeof ZWhatsappPageResponse>;
export const ZClientStateResponse = z.object({ state: z.string() });
export const ZWhatsappCountResponse = z.object({
  connectedCount: z.number().int(),
  disconnectedCount: z.number().int(),
});
export type TWhatsappCountResponse = z.infer<typeof ZWhatsappCountResponse>;

/** The Filter Status options of the list (spec part 1 §2), by the value the list query takes. */
export const WHATSAPP_FILTERS = [
  'connected',
  'loggedOut',
  'conflict',
  'disconnected',
  'unknown',
  'sending',
  'suspended',
] as const;
export const ZWhatsappListQuery = z.object({
  user_id: ZId.optional(),
  synced: z.string().optional(),
  status: z.enum(WHATSAPP_FILTERS).optional(),
});

/**
 * `reject`: the session rejects a promise nobody awaits, as Baileys' handlers do (the process must survive it).
 * The rest force what WhatsApp does (wa/simulator-rates.ts): `expire` the QR refs run out (408), `restart`
 * 515, `replace` 440, `logout` removed from the phone (401), `outdated` 405, `passkey` a link WhatsApp wants
 * confirmed with a passkey (refused: Baileys cannot), `restrict` 463 on cold
 * contacts, `retry` a retry request for the last message, `delivered`/`read` its receipts, `profile` a name.
 */
export const SIMULATOR_ACTIONS = [
  'scan',
  'disconnect',
  'ban',
  'tempBan',
  'reply',
  'reject',
  'expire',
  'restart',
  'replace',
  'logout',
  'outdated',
  'passkey',
  'restrict',
  'retry',
  'delivered',
  'read',
  'profile',
] as const;
export const ZSimulatorParams = z.object({ deviceId: ZDeviceId, action: z.enum(SIMULATOR_ACTIONS) });
/** reply: the message {from, text}; scan: the scanning phone's number (`phonenumber`), else a random one. */
export const ZSimulatorReply = z
  .object({
    from: z.string().min(3).max(20),
    text: z.string().max(4096),
    phonenumber: z.string().regex(/^62\d{8,13}$/),
  })
  .partial();

export const BLAST_TEXT = {
  disconnected: 'Sambungan terputus, silahkan sambungkan ulang!',
  suspended: 'Akun sedang disuspend.',
  sendingDisabled: 'Pengiriman akun ini dinonaktifkan admin.',
  activateLimit: 'Akun sudah disuspend 3 kali dan tidak dapat diaktifkan lagi.',
  /** Why a running blast ended by itself (the `error_blast` event's `sendError`). */
  sendingStopped: 'Pengiriman dinonaktifkan admin.',
  noActiveNumbers: 'Tidak ada nomor aktif untuk dikirimi.',
  noActiveTemplates: 'Tidak ada template pesan aktif.',
  /** The row of an account WhatsApp limits for now; the blast waits and goes on by itself. */
  limitedUntil: (time: string) => `Dibatasi sampai ${time}`,
} as const;

export const ZStartBlastingRequest = z.object({
  whatsappClientId: ZDeviceId,
  socketClientId: z.string().max(64).optional(),
  loop: z.boolean().default(false),
});
export const ZStopBlastingRequest = z.object({
  whatsappClientId: ZDeviceId,
  socketClientId: z.string().max(64).optional(),
});
export const ZAccountIdRequest = z.object({ id: ZId });
export const ZSendingRequest = z.object({ id: ZId, sending_enabled: z.boolean() });
export const ZIntervalRequest = z
  .object({
    id: ZId,
    interval_min: z.number().int().min(1).max(86_400).nullable(),
    interval_max: z.number().int().min(1).max(86_400).nullable(),
  })
  .refine((body) => intervalsInOrder(body.interval_min, body.interval_max), {
    path: ['interval_min'],
    error: INTERVAL_ORDER_TEXT,
  });

/** The latest message an account received (listen-message-created). */
export const ZIncomingMessage = z.object({ from: z.string(), text: z.string(), date: z.string() });
export type TIncomingMessage = z.infer<typeof ZIncomingMessage>;
export const ZListenMessageResponse = z.object({ message: ZIncomingMessage.nullable() });

/** The Blaster page (spec part 1 §2, §5, §8). */
export const BLASTER_TEXT = {
  title: 'Blaster Whatsapp Message',
  sender: 'Choose Sender',
  message: 'Message',
  receivers: 'Choose Receivers',
  all: 'All',
  send: 'Kirim',
  sending: 'Mengirim Pesan...',
  loading: 'Loading...',
  sentTitle: 'Terkirim!',
  sentBody: 'Pesan blaster berhasil dikirim ke target.',
  failedTitle: 'Gagal!',
  notConnected: (phone: string, state: string) => `${phone} is ${state}`,
  senderRequired: 'Pilih nomor pengirim.',
  messageRequired: 'Pesan wajib diisi.',
  receiversRequired: 'Pilih minimal satu penerima.',
  badReceiver: (value: string) => `Nomor penerima tidak valid: ${value}`,
  tooManyReceivers: (count: number, max: number) =>
    `Terlalu banyak penerima (${count}). Blaster mengirim ke paling banyak ${max} nomor sekaligus; gunakan blast untuk semua nomor.`,
  noReceivers: 'Tidak ada nomor aktif untuk dikirimi.',
  senderUnknown: 'Nomor pengirim tidak ditemukan di akun Anda.',
  partlyFailed: (failed: number, total: number) => `${failed} dari ${total} pesan gagal dikirim.`,
} as const;

/** The Blaster sends one by one while the request waits, so one send is kept to a bounded list. */
export const BLASTER_MAX_TARGETS = 100;
/** What the receivers select sends for every active number. */
export const BLASTER_ALL = 'All';

export const ZSendMessageRequest = z.object({
  /** The sender account's phone number. */
  senders: z.string().trim().min(1, { error: BLASTER_TEXT.senderRequired }),
  /** Receiver numbers joined by commas, or 'All'. */
  targets: z.string().trim().min(1, { error: BLASTER_TEXT.receiversRequired }),
  message: z.string().trim().min(1, { error: BLASTER_TEXT.messageRequired }).max(4096),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

export const ZSendResult = z.object({
  number: z.string(),
  status: z.enum(['success', 'fail']),
  error: z.string().nullable(),
});
export const ZSendMessageResponse = z.object({ msg: z.string(), results: z.array(ZSendResult) });
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;
