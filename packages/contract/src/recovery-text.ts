/**
 * The texts and limits of getting back into an account, apart from the schemas in recovery.ts so that the
 * public /reset-password page loads zod only when a form is first checked (DESIGN §10).
 */
/** How long an emailed link stays valid. */
export const RESET_LINK_MINUTES = 30;
export const PASSWORD_MIN = 6;

export const RECOVERY_TEXT = {
  requestTitle: 'Reset Password',
  requestSubtitle: 'Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru.',
  /** The same answer whether or not the email has an account. */
  sent: `Jika email tersebut terdaftar, tautan untuk membuat password baru telah dikirim. Tautan berlaku ${RESET_LINK_MINUTES} menit.`,
  noMail:
    'Reset password lewat email belum tersedia. Hubungi admin: admin dapat membuatkan password sementara untuk akun Anda.',
  send: 'Kirim Tautan',
  sending: 'Mengirim...',
  newTitle: 'Buat Password Baru',
  newSubtitle: 'Masukkan password baru Anda. Setelah disimpan, semua sesi lain akan keluar.',
  newPasswordLabel: 'Password Baru',
  newPasswordPlaceholder: `Minimal ${PASSWORD_MIN} karakter`,
  confirmLabel: 'Konfirmasi Password Baru',
  confirmPlaceholder: 'Ulangi password baru',
  save: 'Simpan Password',
  saving: 'Menyimpan...',
  tokenInvalid: 'Tautan reset password tidak valid, sudah kedaluwarsa, atau sudah dipakai. Silakan minta tautan baru.',
  resetDone: 'Password berhasil diubah. Silakan masuk dengan password baru.',
  requestAgain: 'Minta tautan baru',
  backToSignIn: 'Kembali ke Sign In',
  emailRequired: 'Email wajib diisi.',
  emailInvalid: 'Format email tidak valid.',
  passwordMin: `Password minimal ${PASSWORD_MIN} karakter.`,
  password2Required: 'Konfirmasi password wajib diisi.',
  passwordMismatch: 'Konfirmasi password tidak sama.',
  mailSubject: 'Reset password akun Sewablast',
  mailBody: (name: string, link: string) =>
    [
      `Halo ${name},`,
      '',
      'Kami menerima permintaan untuk membuat password baru akun Sewablast Anda. Buka tautan berikut untuk membuat password baru:',
      '',
      link,
      '',
      `Tautan ini berlaku ${RESET_LINK_MINUTES} menit dan hanya dapat dipakai sekali. Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.`,
      '',
      'Salam,',
      'Sewablast',
    ].join('\n'),
  changeTitle: 'Ganti Password',
  changeSubtitle: 'Anda masuk dengan password sementara. Buat password baru untuk melanjutkan.',
  currentLabel: 'Password Sementara',
  changed: 'Password berhasil diganti.',
  signOut: 'Keluar',
  temporaryTitle: 'Password Sementara',
  temporaryHint: 'Buat password sementara bila member lupa password. Member wajib menggantinya saat masuk berikutnya.',
  temporaryButton: 'Buat Password Sementara',
  temporaryConfirmTitle: 'Buat password sementara?',
  temporaryConfirm:
    'Password member ini akan diganti dengan password sementara dan semua sesinya akan keluar. Lanjutkan?',
  temporaryConfirmLabel: 'Ya, Buat',
  temporaryDone:
    'Password sementara dibuat. Berikan kepada member; password ini hanya ditampilkan sekali dan wajib diganti saat masuk berikutnya.',
  temporaryNotSelf: 'Ganti password Anda sendiri lewat profil.',
  copy: 'Salin',
  copied: 'Password disalin.',
  copyFailed: 'Gagal menyalin. Salin password secara manual.',
} as const;
