/**
 * Changing where a member's money goes or where their account's mail goes (the payout bank account, the
 * email): the current password it asks for and the notice mailed to the old address.
 */
export const ACCOUNT_CHANGE_TEXT = {
  currentPasswordRequired: 'Masukkan password saat ini untuk mengubah rekening bank atau email.',
  currentPasswordWrong: 'Password saat ini salah.',
  /** Email changes from an address that was told too often that an email is taken (as sign-up). */
  emailChangeLocked: (minutes: number) =>
    `Terlalu banyak percobaan mengganti email dengan alamat yang sudah terdaftar. Coba lagi dalam ${minutes} menit.`,
  bankMailSubject: 'Rekening bank akun Sewablast Anda diubah',
  emailMailSubject: 'Email akun Sewablast Anda diubah',
} as const;

export interface AccountChangeMail {
  firstname: string;
  /** Who made it: the member themselves or someone from the back office. */
  byAdmin: boolean;
  /** The time of the change, already formatted. */
  at: string;
  /** The new bank account, masked; null when the bank account did not change. */
  bank: string | null;
  /** The new email; null when the email did not change. */
  email: string | null;
}

/** A bank account number with all but its last four digits hidden, as the notice shows it. */
export const maskedAccount = (bank: string, number: string) =>
  `${bank} ${number.length > 4 ? `${'*'.repeat(number.length - 4)}${number.slice(-4)}` : number}`;

export function accountChangeMailBody(change: AccountChangeMail): string {
  const what = [
    change.bank === null ? null : `- rekening bank penarikan saldo menjadi ${change.bank}`,
    change.email === null ? null : `- email akun menjadi ${change.email}`,
  ].filter((line) => line !== null);
  return [
    `Halo ${change.firstname},`,
    '',
    `Pada ${change.at}, ${change.byAdmin ? 'admin Sewablast' : 'akun Anda'} mengubah:`,
    ...what,
    '',
    'Jika bukan Anda atau Anda tidak memintanya, segera ganti password (atau minta tautan reset password) dan hubungi admin: penarikan saldo ke rekening baru ditandai untuk diperiksa selama 24 jam.',
    '',
    'Email ini dikirim ke alamat lama akun Anda.',
  ].join('\n');
}
