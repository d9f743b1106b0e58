/**
 * The texts and limits of sign-in sessions: signing out, the profile's list of signed-in devices, and what a
 * session signed in with a temporary password may do. Apart from the schemas so that screens load zod only
 * when they need it.
 */

/** A temporary password an admin gives is refused this long after it was given. */
export const TEMPORARY_PASSWORD_HOURS = 72;

export const SESSION_TEXT = {
  signedOut: 'Anda telah keluar.',
  notFound: 'Sesi tidak ditemukan.',
  revoked: 'Sesi telah diakhiri.',
  othersRevoked: (count: number) =>
    count === 0 ? 'Tidak ada perangkat lain yang masuk.' : `${count} perangkat lain telah dikeluarkan.`,
  /** DELETE on the caller's own session: this device signs out with 'Sign out', which also clears its cookies. */
  notCurrent: 'Sesi perangkat ini diakhiri dengan tombol Keluar.',
  temporaryOnly:
    'Anda masuk dengan password sementara. Ganti password Anda terlebih dahulu sebelum memakai fitur lain.',
  temporaryExpired: `Password sementara sudah kedaluwarsa (berlaku ${TEMPORARY_PASSWORD_HOURS} jam). Minta admin membuatkan password sementara yang baru.`,

  title: 'Perangkat yang Masuk',
  description: 'Perangkat dan browser yang sedang masuk ke akun Anda. Akhiri sesi yang tidak Anda kenali.',
  thisDevice: 'Perangkat ini',
  lastSeen: 'Terakhir aktif',
  signedInAt: 'Masuk',
  address: 'Alamat IP',
  unknownDevice: 'Perangkat tidak dikenal',
  revoke: 'Akhiri',
  revoking: 'Mengakhiri...',
  empty: 'Tidak ada sesi aktif.',
  loadFailed: 'Gagal memuat daftar sesi.',
  retry: 'Coba lagi',
  everywhere: 'Keluar dari semua perangkat',
  everywhereTitle: 'Keluar dari semua perangkat?',
  everywhereBody:
    'Semua perangkat lain yang masuk ke akun Anda akan dikeluarkan dan harus masuk lagi dengan password. Perangkat ini tetap masuk.',
  everywhereConfirm: 'Ya, keluarkan',
  revokeTitle: 'Akhiri sesi ini?',
  revokeBody: (device: string) => `${device} akan dikeluarkan dan harus masuk lagi dengan password.`,
  cancel: 'Batal',
  failed: 'Gagal mengakhiri sesi.',
} as const;

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome di Windows' from a User-Agent header: enough to recognise one's own devices. */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} di ${system}`;
  return browser ?? system ?? (userAgent.slice(0, 60) || SESSION_TEXT.unknownDevice);
}
