/**
 * The dashboards' texts and the window of their charts, apart from the schemas in dashboard.ts so that
 * the dashboard loads no zod (DESIGN §10).
 */
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
  incomeChart: (days: number) => `Pendapatan per Hari (${days} hari terakhir)`,
  blastIncome: 'Pendapatan Blast',
  referralIncome: 'Bagi Hasil Referal',
  noIncome: 'Belum ada pendapatan dalam periode ini.',
  badDays: `Jumlah hari harus bilangan bulat 1 sampai ${DAILY_MAX_DAYS}.`,
  forecast: 'Perkiraan Pendapatan / Hari',
  forecastDetail: (accounts: number) => `${accounts} akun tersambung, menurut batas kirimnya`,
} as const;
