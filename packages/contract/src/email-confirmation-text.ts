/**
 * The texts and limits of confirming an email address by a mailed link, apart from the schemas in
 * email-confirmation.ts so that the public /confirm-email page loads no zod (DESIGN §10).
 */
/** How long a mailed confirmation link stays valid. */
export const CONFIRM_LINK_HOURS = 24;
/** Confirmation mails a user may ask for again: one a minute, a few an hour. */
export const RESEND_PER_HOUR = 5;

/** How an address was proven, as the audit log says it: a mailed link either way. */
export const EMAIL_CONFIRMED_VIA = {
  link: 'Tautan konfirmasi email',
  passwordReset: 'Tautan reset password',
} as const;

export const EMAIL_CONFIRM_TEXT = {
  pageTitle: 'Konfirmasi Email',
  pageSubtitle: 'Memastikan alamat email akun Sewablast Anda.',
  confirming: 'Mengonfirmasi email Anda...',
  confirmed: 'Email Anda berhasil dikonfirmasi. Terima kasih!',
  tokenInvalid:
    'Tautan konfirmasi tidak valid, sudah kedaluwarsa, atau sudah dipakai. Masuk lalu kirim ulang email konfirmasi.',
  tokenInvalidSignedIn: 'Tautan konfirmasi tidak valid, sudah kedaluwarsa, atau sudah dipakai.',
  toDashboard: 'Ke Dashboard',
  toSignIn: 'Masuk',
  resend: 'Kirim ulang email konfirmasi',
  resending: 'Mengirim...',
  resent: 'Email konfirmasi telah dikirim. Buka tautan di dalamnya untuk mengonfirmasi email Anda.',
  resendTooSoon: (seconds: number) =>
    `Email konfirmasi baru saja dikirim. Coba lagi dalam ${Math.max(1, Math.ceil(seconds))} detik.`,
  resendTooMany: (minutes: number) =>
    `Terlalu banyak permintaan email konfirmasi. Coba lagi dalam ${Math.max(1, Math.ceil(minutes))} menit.`,
  alreadyConfirmed: 'Email Anda sudah dikonfirmasi.',
  noMail: 'Server ini tidak mengirim email; email tidak perlu dikonfirmasi.',
  withdrawBlocked:
    'Konfirmasi email Anda terlebih dahulu sebelum menarik saldo. Buka tautan di email konfirmasi, atau kirim ulang dari halaman Withdraw.',
  withdrawNoticeTitle: 'Email belum dikonfirmasi',
  withdrawNotice: (email: string) =>
    `Sebelum menarik saldo, konfirmasi email Anda (${email}) lewat tautan yang kami kirim.`,
  profileLabel: 'Status Email',
  profileConfirmed: 'Terkonfirmasi',
  profileUnconfirmed: 'Belum dikonfirmasi',
  profileHint: 'Penarikan saldo dapat dilakukan setelah email dikonfirmasi.',
  mailSubject: 'Konfirmasi email akun Sewablast',
  mailBody: (name: string, link: string) =>
    [
      `Halo ${name},`,
      '',
      'Konfirmasi alamat email akun Sewablast Anda dengan membuka tautan berikut:',
      '',
      link,
      '',
      `Tautan ini berlaku ${CONFIRM_LINK_HOURS} jam dan hanya dapat dipakai sekali. Jika Anda tidak membuat akun Sewablast atau tidak mengganti email, abaikan email ini.`,
      '',
      'Salam,',
      'Sewablast',
    ].join('\n'),
} as const;
