/**
 * Where a member's money and mail go (ASVS 5.0 7.5.1): changing the payout bank account or the email asks the
 * user for their current password (a stolen token alone must not redirect a payout or take the account over
 * through a reset link), is audited, marks when the bank account changed (a withdrawal soon after is flagged
 * for the staff) and mails the old address. An admin changing a member's needs no password of theirs.
 * A wrong current password counts as a failed sign-in of the account (the sign-in guard's lock), so that a
 * stolen token cannot guess it faster than the sign-in form could.
 */
import { verify } from '@node-rs/argon2';
import { ACCOUNT_CHANGE_TEXT, accountChangeMailBody, maskedAccount } from '@sewablast/contract/account-change-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { TUpdateUserRequest } from '@sewablast/contract/users';
import type { Tx } from '../../db/client.ts';
import type { users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, tooMany } from '../../lib/app-error.ts';
import { changedFields, pick, recordAudit } from '../../lib/audit.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { EmailConfirmation } from '../auth/email-confirmation.ts';
import type { LoginGuard } from '../auth/login-guard.ts';

type UserRow = typeof users.$inferSelect;

const BANK_FIELDS = ['account_bank', 'account_number', 'account_name'] as const;

export interface AccountChange {
  bank: boolean;
  email: boolean;
}

/** Which of the guarded fields `patch` would really change (a field sent with its current value is no change). */
export function accountChangeOf(target: UserRow, patch: TUpdateUserRequest): AccountChange {
  const bank = BANK_FIELDS.some(
    (field) => patch[field] !== undefined && (patch[field] || null) !== (target[field] || null),
  );
  const email = patch.email !== undefined && patch.email !== target.email;
  return { bank, email };
}

/** Where a password check comes from: the sign-in guard counts its failures per account and address. */
export interface PasswordCheck {
  guard?: LoginGuard | undefined;
  address: string;
}

/**
 * Throws a 400 naming `current_password` unless `password` is the user's own, or a 429 while the account is
 * locked to this address by failed sign-ins or failed checks here.
 */
export async function requireCurrentPassword(
  target: UserRow,
  password: string | undefined,
  required: string,
  { guard, address }: PasswordCheck,
) {
  if (!password) throw badRequest(required, { current_password: required });
  const locked = (await guard?.lockedMinutes(target.email, address)) ?? 0;
  if (locked > 0) throw tooMany(SERVER_TEXT.loginLocked(locked));
  if (!(await verify(target.password_hash, password).catch(() => false))) {
    await guard?.failed(target.email, address);
    const wrong = ACCOUNT_CHANGE_TEXT.currentPasswordWrong;
    throw badRequest(wrong, { current_password: wrong });
  }
}

/** The audit entries of a bank account or email change, in the change's transaction. */
export async function auditAccountChange(tx: Tx, actorId: number, before: UserRow, after: UserRow) {
  const bank = changedFields(pick(before, BANK_FIELDS), pick(after, BANK_FIELDS));
  if (bank) await recordAudit(tx, { actorId, action: 'user.bank_changed', table: 'users', id: after.id, ...bank });
  const email = changedFields(pick(before, ['email']), pick(after, ['email']));
  if (email) await recordAudit(tx, { actorId, action: 'user.email_changed', table: 'users', id: after.id, ...email });
}

export interface AccountChangeDeps {
  mailer: Mailer | null;
  /** The sign-in guard, shared with sign-in: wrong current passwords count as failed sign-ins. */
  guard?: LoginGuard;
  /** Mails a new address its confirmation link when the server mails. */
  confirmation?: Pick<EmailConfirmation, 'required' | 'send'>;
  /** BUSINESS_TZ, for the time the notice gives. */
  timeZone: string;
  log?: (message: string, error?: unknown) => void;
}

/** Mails the address the account had before the change, in the background: the change is done either way. */
export function mailAccountChange(
  notices: AccountChangeDeps | undefined,
  actor: Actor,
  before: UserRow,
  after: UserRow,
  change: AccountChange,
): void {
  if (!notices?.mailer || !(change.bank || change.email)) return;
  const at = new Intl.DateTimeFormat('id-ID', {
    timeZone: notices.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date());
  const bank =
    change.bank && after.account_bank && after.account_number
      ? maskedAccount(after.account_bank, after.account_number)
      : change.bank
        ? '(dikosongkan)'
        : null;
  notices.mailer
    .send({
      to: before.email,
      subject: change.bank ? ACCOUNT_CHANGE_TEXT.bankMailSubject : ACCOUNT_CHANGE_TEXT.emailMailSubject,
      text: accountChangeMailBody({
        firstname: before.firstname,
        byAdmin: actor.id !== before.id,
        at,
        bank,
        email: change.email ? after.email : null,
      }),
    })
    .catch((error) => notices.log?.('account change mail failed', error));
}
