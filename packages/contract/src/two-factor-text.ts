/**
 * The texts and limits of two-factor sign-in (TOTP): the sign-in's second step, the profile's card and the
 * admin's reset. Apart from the schemas so that the sign-in screen loads no more than it needs.
 */

/** A challenge handed out after the right password is good for this long. */
export const CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before it ends. */
export const CHALLENGE_ATTEMPTS = 5;
/** "Ingat perangkat ini": the second step is skipped on that browser for this many days at most. */
export const REMEMBER_DEVICE_DAYS = 30;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_TEXT = {
  // Sign-in's second step.
  stepTitle: 'Verifikasi Dua Langkah',
  stepSubtitle: 'Masukkan kode 6 digit dari aplikasi autentikator Anda.',
  recoverySubtitle: 'Masukkan salah satu kode pemulihan Anda. Setiap kode hanya bisa dipakai sekali.',
  codeLabel: 'Kode autentikator',
  recoveryLabel: 'Kode pemulihan',
  codeRequired: 'Kode wajib diisi.',
  codeInvalid: 'Kode salah atau sudah dipakai.',
  rememberDevice: 'Ingat perangkat ini 30 hari',
  verify: 'Verifikasi',
  verifying: 'Memverifikasi...',
  useRecovery: 'Pakai kode pemulihan',
  useApp: 'Pakai kode autentikator',
  backToSignin: 'Kembali ke halaman masuk',
  signOut: 'Keluar',
  challengeEnded: 'Waktu verifikasi habis atau terlalu banyak kode salah. Silakan masuk lagi.',

  // The confinement of a back-office user who must set it up.
  setupRequired:
    'Akun staf, admin, dan dev wajib memakai verifikasi dua langkah. Aktifkan terlebih dahulu sebelum memakai fitur lain.',

  // The profile's card.
  title: 'Verifikasi Dua Langkah',
  description:
    'Selain password, minta kode dari aplikasi autentikator (Google Authenticator, Authy, dan sejenisnya) saat masuk.',
  on: 'Aktif',
  off: 'Tidak aktif',
  requiredNote: 'Wajib untuk akun staf, admin, dan dev.',
  recoveryLeft: (count: number) => `${count} kode pemulihan tersisa.`,
  enable: 'Aktifkan',
  disable: 'Nonaktifkan',
  passwordLabel: 'Password saat ini',
  passwordRequired: 'Password wajib diisi.',
  passwordWrong: 'Password salah.',
  start: 'Lanjut',
  starting: 'Memproses...',
  scan: 'Pindai kode QR ini dengan aplikasi autentikator, lalu masukkan kode 6 digit yang muncul.',
  manualKey: 'Atau masukkan kunci ini secara manual:',
  confirm: 'Aktifkan',
  confirming: 'Mengaktifkan...',
  cancel: 'Batal',
  notStarted: 'Mulai pengaturan verifikasi dua langkah terlebih dahulu.',
  alreadyOn: 'Verifikasi dua langkah sudah aktif.',
  notOn: 'Verifikasi dua langkah tidak aktif.',
  enabled: 'Verifikasi dua langkah aktif.',
  disabled: 'Verifikasi dua langkah dinonaktifkan.',
  recoveryTitle: 'Simpan kode pemulihan Anda',
  recoveryBody:
    'Setiap kode bisa dipakai sekali untuk masuk jika ponsel Anda hilang. Kode ini hanya ditampilkan sekarang.',
  copy: 'Salin',
  copied: 'Kode pemulihan disalin.',
  download: 'Unduh',
  done: 'Sudah saya simpan',
  disableTitle: 'Nonaktifkan verifikasi dua langkah?',
  disableBody: 'Masukkan password dan kode autentikator (atau kode pemulihan) Anda.',
  disabling: 'Menonaktifkan...',
  requiredCannotDisable: 'Verifikasi dua langkah wajib untuk akun staf, admin, dan dev.',

  // New recovery codes from the profile.
  regenerate: 'Buat Kode Pemulihan Baru',
  regenerateTitle: 'Buat kode pemulihan baru?',
  regenerateBody:
    'Semua kode pemulihan lama langsung tidak berlaku. Masukkan password saat ini atau kode dari aplikasi autentikator.',
  regenerating: 'Membuat...',
  regenerated: 'Kode pemulihan baru telah dibuat. Kode lama tidak berlaku lagi.',
  proofRequired: 'Isi password saat ini atau kode autentikator.',
  orCode: 'atau',
  appCodeLabel: 'Kode autentikator (6 digit)',
  appCodeOnly: 'Gunakan kode 6 digit dari aplikasi autentikator, bukan kode pemulihan.',

  // The profile's remembered devices.
  devicesTitle: 'Perangkat yang Diingat',
  devicesHint: `Perangkat ini melewati verifikasi dua langkah saat masuk, paling lama ${REMEMBER_DEVICE_DAYS} hari sejak diingat.`,
  devicesEmpty: 'Tidak ada perangkat yang diingat.',
  deviceColumn: 'Perangkat',
  rememberedAt: 'Diingat',
  lastUsed: 'Terakhir dipakai',
  neverUsed: 'Belum pernah',
  forget: 'Lupakan',
  forgetLabel: (device: string) => `Lupakan ${device}`,
  forgetTitle: 'Lupakan perangkat ini?',
  forgetBody: 'Saat masuk dari perangkat ini lagi, kode verifikasi dua langkah akan diminta.',
  forgotten: 'Perangkat dilupakan.',
  deviceNotFound: 'Perangkat tidak ditemukan.',

  // The admin's reset.
  reset: 'Reset Verifikasi Dua Langkah',
  resetHint:
    'Untuk pengguna yang kehilangan ponsel dan kode pemulihannya. Semua sesinya diakhiri dan tindakan ini dicatat di Log Audit.',
  resetConfirm: 'Reset',
  resetTitle: 'Reset verifikasi dua langkah?',
  resetBody: (name: string) =>
    `Verifikasi dua langkah ${name} akan dimatikan dan semua sesinya diakhiri. Ia bisa mengaturnya lagi dari profil.`,
  resetDone: 'Verifikasi dua langkah pengguna telah direset.',
  resetNotSelf: 'Nonaktifkan verifikasi dua langkah Anda sendiri dari profil.',
  resetNotOn: 'Pengguna ini tidak memakai verifikasi dua langkah.',

  // The managers' list of back-office users, where the reset is reached.
  staffTitle: 'Daftar Staf & Admin',
  staffSearch: 'Cari nama atau email',
  staffColumns: {
    name: 'Nama',
    email: 'Email',
    role: 'Role',
    twoFactor: 'Verifikasi Dua Langkah',
    lastSeen: 'Terakhir Aktif',
    action: 'Aksi',
  },
  staffNever: 'Belum pernah',
  resetShort: 'Reset 2FA',
  resetLabel: (name: string) => `Reset 2FA ${name}`,
} as const;
