/**
 * The Profile screen (spec part 2 §2 Profile, §5): its texts and the edit modal's form, which checks what
 * PUT /admin/users/{id} (ZUpdateUserRequest) would, with the messages a person filling it in needs.
 */
import { z } from 'zod';
import { SERVER_TEXT, TEXT } from './texts.ts';
import { ZUpdateUserRequest } from './users.ts';

/** Texts word for word from the spec where it gives them; the rest are ours, in the spec's language. */
export const PROFILE_TEXT = {
  title: 'User Profile',
  copyLink: 'Copy Link Referral',
  copied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy the link.',
  edit: 'Edit',
  editTitle: 'Edit Profil',
  editDescription: 'Perbarui data diri dan rekening bank untuk penarikan saldo.',
  personalInfo: 'Informasi Pribadi',
  referralCode: 'Kode Referal',
  noLevel: 'Belum ada level',
  noBanks: 'Daftar Bank Tidak Tersedia',
  chooseBank: '-- Pilih bank --',
  passwordPlaceholder: 'Ganti Password ?',
  passwordHint: 'Kosongkan bila tidak ingin mengganti password.',
  close: 'Tutup',
  cancel: 'Batal',
  save: 'Simpan',
  saving: 'Menyimpan...',
  saved: 'Profil berhasil disimpan.',
  labels: {
    firstname: 'Nama Depan',
    lastname: 'Nama Belakang',
    name: 'Nama',
    email: 'Email',
    role: 'Role',
    level: 'Level',
    bank: 'Bank',
    accountNumber: 'Nomor Rekening',
    accountName: 'Nama Rekening',
    joined: 'Bergabung',
    password: 'Password Baru',
    currentPassword: 'Password Saat Ini',
  },
} as const;

/** Spec part 2 §8: the profile shows 'Error: ...' in place of the page when it cannot be read. */
export const profileErrorText = (message: string) => `Error: ${message}`;

const rule = ZUpdateUserRequest.shape;

/** Blank is refused with the field's own message before the request's rule (length, email shape) applies. */
const filled = (message: string, then: z.ZodType<string, string>) =>
  z.string({ error: message }).trim().min(1, { error: message }).pipe(then);

/** A blank bank field is stored as none, so that the withdraw check sees it missing. */
const bankField = (then: z.ZodType<string | null, string | null>) =>
  z
    .string()
    .transform((value) => value.trim() || null)
    .pipe(then);

export const ZProfileForm = z
  .object({
    firstname: filled(TEXT.firstNameRequired, rule.firstname.unwrap()),
    lastname: filled(TEXT.lastNameRequired, rule.lastname.unwrap()),
    email: filled(TEXT.emailRequired, rule.email.unwrap()),
    account_bank: bankField(rule.account_bank.unwrap()),
    account_number: bankField(rule.account_number.unwrap()),
    account_name: bankField(rule.account_name.unwrap()),
    /** Optional: left blank, the password stays as it is. */
    password: z
      .string()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(rule.password),
    current_password: z.string().pipe(rule.current_password.unwrap()),
  })
  .superRefine((values, context) => {
    if (values.password !== undefined && values.current_password === '') {
      context.addIssue({ code: 'custom', path: ['current_password'], message: SERVER_TEXT.currentPasswordRequired });
    }
  })
  // The current password goes only with a new one.
  .transform(({ current_password, ...values }) =>
    values.password === undefined ? values : { ...values, current_password },
  );
export type TProfileFormValues = z.input<typeof ZProfileForm>;
