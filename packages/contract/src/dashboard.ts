/**
 * The admin dashboard (spec part 2 §2 'Admin dashboard cards'): its texts, and the two daily series behind
 * its charts (blasts and money paid out per day in the business time zone), which the spec leaves to us.
 */
import { z } from 'zod';

/** The charts' window unless asked otherwise, and the widest a caller may ask for. */
export const DAILY_DEFAULT_DAYS = 30;
export const DAILY_MAX_DAYS = 90;

export const DASHBOARD_TEXT = {
  title: 'Dashboard Admin',
  greeting: (firstname: string) => `Selamat datang, ${firstname}!`,
  unusedProxies: 'Proxy Belum Dipakai',
  unblastedNumbers: 'Nomor Belum Diblast',
  activeWhatsapp: 'WhatsApp Aktif',
  inactiveWhatsapp: 'WhatsApp Tidak Aktif',
  activeMembers: 'Member Aktif Sekarang',
  blastsToday: 'Blast Hari Ini',
  blastsTotal: 'Total Blast',
  withdrawTotal: 'Total Withdraw',
  success: 'Berhasil',
  fail: 'Gagal',
  today: 'Hari ini',
  all: 'Semua',
  blastsChart: (days: number) => `Blast per Hari (${days} hari terakhir)`,
  paidChart: (days: number) => `Withdraw Dibayar per Hari (${days} hari terakhir)`,
  paid: 'Dibayar',
  day: 'Tanggal',
  chartsLoading: 'Memuat grafik',
  noBlasts: 'Belum ada blast dalam periode ini.',
  noPaid: 'Belum ada withdraw yang diterima dalam periode ini.',
  chartFailed: 'Grafik tidak dapat dimuat.',
  badDays: `Jumlah hari harus bilangan bulat 1 sampai ${DAILY_MAX_DAYS}.`,
} as const;

export const ZDailyQuery = z.object({
  days: z.coerce
    .number(DASHBOARD_TEXT.badDays)
    .int(DASHBOARD_TEXT.badDays)
    .min(1, DASHBOARD_TEXT.badDays)
    .max(DAILY_MAX_DAYS, DASHBOARD_TEXT.badDays)
    .default(DAILY_DEFAULT_DAYS),
});
export type TDailyQuery = z.infer<typeof ZDailyQuery>;

/** A calendar day in the business time zone, `YYYY-MM-DD`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Every day of the window, oldest first, days without a blast at 0. */
export const ZBlastDaily = z.object({
  list: z.array(z.object({ day: ZDay, success: z.number().int(), fail: z.number().int() })),
});
export type TBlastDaily = z.infer<typeof ZBlastDaily>;

/** Every day of the window, oldest first: the accepted withdrawals' sum by the day they were accepted. */
export const ZPaidDaily = z.object({ list: z.array(z.object({ day: ZDay, total: z.number().int() })) });
export type TPaidDaily = z.infer<typeof ZPaidDaily>;
