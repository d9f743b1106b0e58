/**
 * The Profile screen (spec part 2 §2 Profile, §5): its texts and the edit modal's form, which checks what
 * PUT /admin/users/{id} (ZUpdateUserRequest) would, with the messages a person filling it in needs.
 */
import { z } from 'zod';
import { ACCOUNT_CHANGE_TEXT } from './account-change-text.ts';
import { SERVER_TEXT } from './texts.ts';
import { type TUser, USER_FIELD_TEXT, ZUpdateUserRequest } from './users.ts';

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
  currentPasswordHint:
    'Diperlukan untuk mengganti password, email atau rekening bank. Email lama Anda akan diberi tahu.',
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

/** What changes only with the current password: where the account's mail and its payouts go. */
export type TGuardedFields = Pick<TUser, 'email' | 'account_bank' | 'account_number' | 'account_name'>;

const GUARDED = ['email', 'account_bank', 'account_number', 'account_name'] as const;

/** Whether the form's (parsed) values change the email or the payout bank account of `current`. */
export function changesGuarded(current: TGuardedFields, next: TGuardedFields): boolean {
  return GUARDED.some((field) => (next[field] || null) !== (current[field] || null));
}

const ZProfileFields = z.object({
  firstname: filled(USER_FIELD_TEXT.firstnameRequired, rule.firstname.unwrap()),
  lastname: filled(USER_FIELD_TEXT.lastnameRequired, rule.lastname.unwrap()),
  email: filled(USER_FIELD_TEXT.emailRequired, rule.email.unwrap()),
  account_bank: bankField(rule.account_bank.unwrap()),
  account_number: bankField(rule.account_number.unwrap()),
  account_name: bankField(rule.account_name.unwrap()),
  /** Optional: left blank, the password stays as it is. */
  password: z
    .string()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(rule.password),
  current_password: z.string().pipe(rule.current_password.unwrap()),
});

/**
 * The form for the user whose values are `current`: the current password is asked for with a new password,
 * and with a new email or bank account (the server refuses those without it); it is sent only then.
 */
export function profileFormFor(current: TGuardedFields | null) {
  const needsCurrent = (values: z.output<typeof ZProfileFields>) =>
    values.password !== undefined || (current !== null && changesGuarded(current, values));
  return (
    ZProfileFields.superRefine((values, context) => {
      if (!needsCurrent(values) || values.current_password !== '') return;
      const message =
        values.password !== undefined
          ? SERVER_TEXT.currentPasswordRequired
          : ACCOUNT_CHANGE_TEXT.currentPasswordRequired;
      context.addIssue({ code: 'custom', path: ['current_password'], message });
    })
      // The current password goes only where it is asked for.
      .transform(({ current_password, ...values }) =>
        needsCurrent({ ...values, current_password }) ? { ...values, current_password } : values,
      )
  );
}

/** The form without a user to compare with: the current password goes with a new password only. */
export const ZProfileForm = profileFormFor(null);
export type TProfileFormValues = z.input<typeof ZProfileForm>;
