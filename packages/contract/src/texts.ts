/** The spec's user-facing texts, word for word (spec part 1 §5 and §8, part 2 §8). */
export const TEXT = {
  loginRequired: 'Email and password are required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email format.',
  passwordRequired: 'Password is required.',
  password2Required: 'Please confirm your password.',
  passwordMismatch: 'Passwords do not match.',
  termsRequired: 'You must agree to the terms and conditions.',
  tokenMissing: 'Authorization token is missing',
  signInTokenMissing: 'Missing auth token',
  userIdMissing: 'User ID is missing',
  loginFailed: 'Error signing in',
  internalError: 'Internal server error',
  signUpFailed: 'Failed to sign up. Please try again.',
  validateFailed: 'Validate failed',
  networkError: 'Network error. Please try again.',
  errorFetchingUser: 'Error fetching user',
  errorUpdatingUser: 'Error updating user',
  registered: 'Register berhasil. Silakan login.',
  signingIn: 'Signing in...',
  signingUp: 'Signing Up...',
  notFoundTitle: 'ERROR',
  notFoundBody: "We can't seem to find the page you are looking for!",
  notFoundLink: 'Back to Home Page',
} as const;

/** Server messages the spec leaves to us (DESIGN §5.2, §6); kept here so tests and clients agree. */
export const SERVER_TEXT = {
  badCredentials: 'Email atau password salah.',
  emailTaken: 'Email sudah terdaftar.',
  referralUnknown: 'Kode referal tidak ditemukan.',
  tokenInvalid: 'Token tidak valid atau sudah kedaluwarsa.',
  forbidden: 'Anda tidak memiliki akses.',
  notFound: 'Data tidak ditemukan.',
  /** The dev simulator's reply action (DESIGN §8) without its sender or text. */
  simulatorReplyIncomplete: 'from dan text wajib diisi.',
  tooManyRequests: 'Terlalu banyak percobaan. Coba lagi nanti.',
  invalidInput: 'Data yang dikirim tidak valid.',
  registered: 'Registrasi berhasil.',
  userNotFound: 'User tidak ditemukan.',
  roleChangeDevOnly: 'Hanya dev yang dapat mengubah role.',
  deleted: 'Data berhasil dihapus.',
  useWebSocket: 'Gunakan WebSocket.',
  tooManyCalls: 'Terlalu banyak permintaan dalam waktu singkat. Tunggu sebentar lalu coba lagi.',
  /** A file asked for from a byte past its end (HTTP 416). */
  rangeOutsideFile: 'Bagian file yang diminta di luar ukuran file.',
  loginLocked: (minutes: number) =>
    `Terlalu banyak percobaan masuk yang gagal untuk akun ini. Coba lagi dalam ${minutes} menit.`,
  signupLocked: (minutes: number) =>
    `Terlalu banyak percobaan pendaftaran dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  currentPasswordRequired: 'Masukkan password saat ini untuk mengganti password.',
  currentPasswordWrong: 'Password saat ini salah.',
} as const;

/** The app's own screen for a page that failed to draw, in place of the router's developer page. */
export const ERROR_SCREEN_TEXT = {
  title: 'Terjadi kesalahan',
  body: 'Halaman ini tidak dapat ditampilkan. Kembali ke beranda, atau masuk lagi bila masalahnya tetap ada.',
  home: 'Kembali ke Beranda',
  signInAgain: 'Masuk lagi',
  /** The session's stored user could not be read, and the server could not be asked who it is. */
  sessionUnverified: 'Sesi Anda tidak dapat diperiksa saat ini. Coba lagi dari beranda sebentar lagi, atau masuk lagi.',
  /** While the token's validation is awaited for a session whose stored user could not be read. */
  restoring: 'Memulihkan sesi...',
} as const;

/** The toasts' own controls, for a screen reader (sonner's defaults are English). */
export const TOAST_TEXT = {
  region: 'Notifikasi',
  close: 'Tutup',
} as const;
