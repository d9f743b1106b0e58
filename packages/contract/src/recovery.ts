/**
 * Getting back into an account (issue 11 §6): the emailed one-time link when mail is configured, otherwise
 * a temporary password an admin or dev sets on 'Edit Member', which must be changed at the next sign-in.
 */
import { z } from 'zod';

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

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZRecoveryState = z.object({ mail: z.boolean() });
export type TRecoveryState = z.infer<typeof ZRecoveryState>;

export const ZForgotPasswordRequest = z.object({
  email: z
    .string({ error: RECOVERY_TEXT.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: RECOVERY_TEXT.emailRequired })
    .max(200)
    .regex(EMAIL_SHAPE, { error: RECOVERY_TEXT.emailInvalid }),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** `mail: false` means nothing was sent because this server has no mail: the page says to ask an admin. */
export const ZForgotPasswordResponse = z.object({ mail: z.boolean(), msg: z.string() });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

const newPassword = z
  .string({ error: RECOVERY_TEXT.passwordMin })
  .min(PASSWORD_MIN, { error: RECOVERY_TEXT.passwordMin })
  .max(200);

export const ZResetPasswordRequest = z
  .object({
    token: z.string().min(1, { error: RECOVERY_TEXT.tokenInvalid }).max(200),
    password: newPassword,
    password2: z.string({ error: RECOVERY_TEXT.password2Required }).min(1, { error: RECOVERY_TEXT.password2Required }),
  })
  .refine((body) => body.password === body.password2, { path: ['password2'], error: RECOVERY_TEXT.passwordMismatch });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The form that replaces a temporary password: the temporary one, then the new one twice. */
export const ZChangePasswordForm = z
  .object({
    current_password: z.string().min(1, { error: RECOVERY_TEXT.passwordMin }).max(200),
    password: newPassword,
    password2: z.string().min(1, { error: RECOVERY_TEXT.password2Required }),
  })
  .refine((body) => body.password === body.password2, { path: ['password2'], error: RECOVERY_TEXT.passwordMismatch });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** Without `password` the server generates one. */
export const ZTemporaryPasswordRequest = z.object({ password: newPassword.optional() });
export type TTemporaryPasswordRequest = z.infer<typeof ZTemporaryPasswordRequest>;

/** The password is answered this once, for the admin to hand over; only its hash is kept. */
export const ZTemporaryPasswordResponse = z.object({ password: z.string(), msg: z.string() });
export type TTemporaryPasswordResponse = z.infer<typeof ZTemporaryPasswordResponse>;
