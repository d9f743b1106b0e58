/**
 * Account safety (DESIGN §8): the texts of the 'Keamanan Akun' settings and of an account's row on Daftar
 * Whatsapp, apart from the schemas so that the list screen loads no zod.
 */

/** An `HH:MM` time of day, 00:00–23:59. */
export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * A pause between two sends at least this long is a wait of its own (`spread`): the row says when the next
 * send comes rather than count seconds, and the account's row keeps it for a reload.
 */
export const LONG_PAUSE_S = 60;

/** The most number checks an account may be allowed in an hour: one a second. */
export const LOOKUPS_PER_HOUR_MAX = 3600;

export const SAFETY_TEXT = {
  section: 'Keamanan Akun',
  sectionHint:
    'Batas ini melindungi akun WhatsApp member dari blokir. Jam kirim memakai zona waktu layanan dan boleh melewati tengah malam (22:00–06:00); jam mulai sama dengan jam selesai berarti sepanjang hari.',
  dailyCap: 'Batas Harian per Akun',
  dailyCapHint: 'Pesan terbanyak satu akun dalam sehari setelah pemanasan selesai.',
  warmupDays: 'Lama Pemanasan (hari)',
  warmupDaysHint: 'Akun baru, akun yang kembali dari blokir sementara, atau akun yang diam 72 jam memulai pemanasan.',
  warmupStartCap: 'Batas Hari Pertama Pemanasan',
  warmupStartCapHint: 'Naik setiap hari sampai batas harian.',
  dailyCapStep: 'Kenaikan Batas per Hari Aman',
  dailyCapStepHint:
    'Setelah pemanasan, setiap hari akun mengirim penuh batasnya tanpa pembatasan WhatsApp dan tetap sehat, batasnya naik sebanyak ini. Pembatasan memotong separuh kenaikan; blokir sementara mengulang pemanasan. 0 = tidak naik.',
  dailyCapMax: 'Batas Tertinggi per Akun',
  dailyCapMaxHint: 'Batas harian akun yang terbukti aman tidak naik melebihi angka ini.',
  capMaxBelowCap: 'Batas tertinggi tidak boleh di bawah batas harian.',
  windowStart: 'Jam Kirim Mulai',
  windowEnd: 'Jam Kirim Selesai',
  templateRepeatDays: 'Jeda Template yang Sama (hari)',
  templateRepeatDaysHint: 'Satu nomor tidak dikirimi template yang sama lagi dalam jumlah hari ini. 0 = tanpa jeda.',
  lookupsPerHour: 'Cek Nomor per Jam per Akun',
  lookupsPerHourHint:
    'Generator dan validator membagi cek nomor ke akun yang sudah selesai pemanasan, masing-masing paling banyak sekian dalam satu jam.',
  badTime: 'Format jam harus HH:MM, contoh 08:00.',
  startCapAboveCap: 'Batas hari pertama tidak boleh melebihi batas harian.',
  warmupDay: (day: number, days: number) => `Pemanasan hari ${day}/${days}`,
  sentToday: (sent: number, cap: number) => `${sent}/${cap} hari ini`,
  capGrown: (cap: number) => `Batas naik ke ${cap} (akun terbukti)`,
  waitWindow: (time: string) => `Menunggu jam kirim ${time}`,
  /** `day`: `today`, `tomorrow` or a date, of the business time zone's calendar. */
  waitCap: (day: string, time: string) => `Batas harian tercapai, lanjut ${day} ${time}`,
  today: 'hari ini',
  tomorrow: 'besok',
  noHours: 'Jam kirim pemilik tidak bertemu jam kirim layanan: akun ini tidak mengirim.',
  /** A long pause between two sends: the day's cap spread over the sending hours, not a fault. */
  waitSpread: (time: string) => `Dijeda agar akun aman, kirim berikutnya ${time}`,
  healthSlowBelow: 'Perlambat bila Kesehatan di Bawah',
  healthSlowBelowHint:
    'Di bawah angka ini jeda kirim diperpanjang dan batas harian diturunkan sebanding. 0 = tidak pernah diperlambat.',
  healthPauseBelow: 'Jeda Akun bila Kesehatan di Bawah',
  healthPauseBelowHint:
    'Di bawah angka ini akun berhenti mengirim sampai kesehatannya pulih; blast tidak berakhir. 0 = tidak pernah dijeda.',
  pauseAboveSlow: 'Batas jeda tidak boleh melebihi batas perlambatan.',
  health: (score: number) => `Kesehatan ${score}/100`,
  healthUp: 'membaik',
  healthDown: 'menurun',
  healthSlowed: 'Diperlambat: jeda kirim diperpanjang dan batas harian diturunkan sampai kesehatan pulih',
  waitHealth: (score: number, threshold: number) =>
    `Dijeda: kesehatan akun ${score}/100 di bawah ${threshold}, lanjut sendiri setelah pulih`,
} as const;

/** The member's own terms for one account (issue 23 item 3): the row's dialog and its refusals. */
export const TERMS_TEXT = {
  open: 'Batas kirim',
  title: 'Batas Kirim Akun',
  hint: 'Batasi akun ini sesuai keinginan Anda: jumlah pesan per hari dan jam ponsel Anda boleh dipakai. Kosongkan untuk memakai batas layanan.',
  service: (cap: number, start: string, end: string) => `Batas layanan: ${cap} pesan per hari, jam ${start}–${end}.`,
  narrowOnly:
    'Batas Anda hanya mempersempit, tidak pernah memperluas: yang berlaku adalah batas harian yang lebih kecil dan jam yang termasuk di kedua jam kirim. Jam boleh melewati tengah malam (22:00–06:00).',
  dailyCap: 'Batas Harian Saya',
  windowStart: 'Jam Mulai Saya',
  windowEnd: 'Jam Selesai Saya',
  badCap: 'Batas harian harus bilangan bulat 1 sampai 10000.',
  badTime: SAFETY_TEXT.badTime,
  bothTimes: 'Isi jam mulai dan jam selesai, atau kosongkan keduanya.',
  sameTimes: 'Jam selesai harus berbeda dari jam mulai.',
  save: 'Simpan',
  saving: 'Menyimpan...',
  cancel: 'Batal',
  saved: 'Batas akun disimpan.',
  ownerOnly: 'Hanya pemilik akun yang dapat mengubah batas kirimnya.',
  /** The row's line of the terms in force, when the member set any: 'saya' to the owner, 'pemilik' to the rest. */
  summary: (own: boolean, cap: number | null, start: string | null, end: string | null) =>
    [
      own ? 'Batas saya:' : 'Batas pemilik:',
      [cap !== null ? `${cap}/hari` : null, start !== null && end !== null ? `${start}–${end}` : null]
        .filter(Boolean)
        .join(', '),
    ].join(' '),
} as const;
