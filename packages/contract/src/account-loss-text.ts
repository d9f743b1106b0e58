/**
 * The texts of a lost account's timeline (the 'Riwayat' dialog of /member/whatsapp) and of the service-wide
 * page of what preceded bans (/account-loss), apart from the schemas so that the screens load no zod.
 */
import type { TAccountEventKind } from './account-events.ts';
import { parseVariantKey } from './variants.ts';

/** How the timeline and the page name each event kind; a kind not listed shows by its own name. */
export const ACCOUNT_EVENT_LABEL: Record<TAccountEventKind, string> = {
  connected: 'Tersambung',
  disconnected: 'Terputus',
  logged_out: 'Keluar (logout)',
  temp_banned: 'Diblokir sementara',
  suspended: 'Diblokir (suspend)',
  restricted: 'Dibatasi WhatsApp',
  proxy_changed: 'Proxy diganti',
  health_slowed: 'Diperlambat (kesehatan)',
  health_paused: 'Dijeda (kesehatan)',
  health_resumed: 'Dilanjutkan (kesehatan pulih)',
};

export function accountEventLabel(kind: string): string {
  return (ACCOUNT_EVENT_LABEL as Record<string, string>)[kind] ?? kind;
}

/** How each hourly series is named; a series not listed (a newer one) shows by its key. */
export const SERIES_LABEL: Record<string, string> = {
  sends: 'Pesan terkirim per jam',
  fails: 'Gagal per jam',
  first_contacts: 'Kontak pertama per jam',
  disconnects: 'Terputus per jam',
  restrictions: 'Pembatasan per jam',
  proxy_changes: 'Ganti proxy per jam',
  health: 'Kesehatan akun',
};

export const seriesLabel = (key: string) => SERIES_LABEL[key] ?? key;

/** Series of a level 0–100 at each hour's end (the account's health), not a count: no total, a fixed scale. */
export const LEVEL_SERIES: ReadonlySet<string> = new Set(['health']);

/** The figures of a window, as both screens name them. */
export const FIGURE_LABEL = {
  sends: 'Pesan dikirim',
  sends_per_hour: 'Rata-rata per jam',
  peak_hour_sends: 'Jam tersibuk',
  fail_share: 'Gagal',
  first_contact_share: 'Kontak pertama',
  variants: 'Varian dipakai',
  disconnects: 'Terputus',
  restrictions: 'Pembatasan (463/429)',
  proxy_changes: 'Ganti proxy/IP',
  age_days: 'Umur akun (hari)',
} as const;
export type TFigureKey = keyof typeof FIGURE_LABEL;

export const ACCOUNT_LOSS_TEXT = {
  /** The row's action on /member/whatsapp and the dialog it opens. */
  history: 'Riwayat',
  historyOf: (number: string) => `Riwayat akun ${number}`,
  windowBeforeLoss: (hours: number, kind: string, at: string) =>
    `${hours} jam sebelum ${kind.toLowerCase()} pada ${at}.`,
  windowUntilNow: (hours: number) => `${hours} jam terakhir (akun ini tidak diblokir dalam 14 hari terakhir).`,
  hourAxis: (hours: number) => `${hours} jam sebelumnya`,
  hourAxisEnd: 'akhir',
  seriesSummary: (label: string, total: number, peak: number) =>
    `${label}: total ${total}, tertinggi ${peak} dalam satu jam`,
  levelSummary: (label: string, last: number, lowest: number) =>
    `${label}: ${last} di akhir, terendah ${lowest} dari 100`,
  levelCaption: (last: number, lowest: number) => `akhir ${last} · terendah ${lowest}`,
  figures: 'Ringkasan',
  variants: 'Varian pesan',
  noVariants: 'Tidak ada pesan terkirim dalam jendela ini.',
  /** A variant key (`1:0.2`) in words: its caption counted from 1, then the option of each choice. */
  variantOf: (template: number, variant: string | null) => {
    const parsed = variant === null ? null : parseVariantKey(variant);
    if (!parsed) return `Template #${template} · ${variant ?? 'tanpa varian'}`;
    const choices = parsed.choices.length ? ` · pilihan ${parsed.choices.map((choice) => choice + 1).join('.')}` : '';
    return `Template #${template} · caption ${parsed.caption + 1}${choices}`;
  },
  codes: 'Kode WhatsApp',
  noCodes: 'Tidak ada kode dari WhatsApp.',
  events: 'Kejadian akun',
  noEvents: 'Tidak ada kejadian dalam jendela ini.',
  until: (at: string) => `sampai ${at}`,
  newProxy: (host: string) => `proxy baru ${host}`,
  noProxy: 'tanpa proxy',
  close: 'Tutup',
  timelineFailed: 'Gagal memuat riwayat akun.',
  accountMissing: 'Akun tidak ditemukan.',
  /** The service-wide page. */
  title: 'Analisis Blokir',
  intro:
    'Akun yang diblokir dalam periode ini dibandingkan dengan akun yang tetap aktif: angka 48 jam sebelum blokir (atau 48 jam terakhir periode untuk akun yang aktif).',
  from: 'Dari tanggal',
  to: 'Sampai tanggal',
  compare: 'Perbandingan',
  lostGroup: 'Diblokir',
  keptGroup: 'Tetap aktif',
  accounts: 'Jumlah akun',
  average: 'Rata-rata',
  median: 'Median',
  sampled: (count: number) => `Akun aktif: sampel ${count} akun yang mengirim pesan.`,
  compareFailed: 'Gagal memuat perbandingan.',
  listFailed: 'Gagal memuat daftar akun yang diblokir.',
  noneLost: 'Tidak ada akun yang diblokir dalam periode ini.',
  columns: {
    account: 'Akun',
    member: 'Member',
    lostAt: 'Diblokir',
    kind: 'Jenis',
    sends: 'Kirim / jam',
    firstContacts: 'Kontak pertama',
    disconnects: 'Terputus',
    codes: 'Kode',
  },
  badRange: 'Tanggal awal tidak boleh setelah tanggal akhir.',
} as const;
