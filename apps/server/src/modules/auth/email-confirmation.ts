/**
 * Confirming an email address by a mailed link (issue 20), when the server mails (SMTP_URL). Sign-up and an
 * email change leave the address unconfirmed and mail a link to it; until it is followed the member may sign
 * in and link accounts but not withdraw. As with password recovery (recovery.ts) the token is 32 random
 * bytes of which only the SHA-256 is kept, the link is built from PUBLIC_URL, and following it marks it
 * used in the statement that checks it. A link confirms only the address it was sent to. Without mail every
 * address counts as confirmed. Asking for the mail again is limited per user in the shared limit store, so
 * that N api nodes give no more. A password reset by mailed link proves the address too (recovery.ts), and
 * confirms it through `confirmAddress`; either way the confirmation is audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CONFIRM_LINK_HOURS,
  EMAIL_CONFIRM_TEXT,
  EMAIL_CONFIRMED_VIA,
  RESEND_PER_HOUR,
} from '@sewablast/contract/email-confirmation-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailConfirmations, users } from '../../db/schema.ts';
import { badRequest, notFound, tooMany } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { LimitStore, StrikeOptions } from '../../lib/limit-store.ts';
import type { Mailer } from '../../lib/mailer.ts';

/** One confirmation mail a minute per user: the lock starts with each mail. */
export const RESEND_MINUTE = { name: 'email-confirm-minute', max: 1, windowMs: 60_000, lockMs: 60_000 };
/** A few an hour: past them the user waits an hour. */
export const RESEND_HOUR = {
  name: 'email-confirm-hour',
  max: RESEND_PER_HOUR,
  windowMs: 3_600_000,
  lockMs: 3_600_000,
};

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Marks `email` confirmed if it is still the account's address, and spends the account's confirmation links.
 * False when the account has another address now. Audited (the user's own act) when it was unconfirmed.
 */
export async function confirmAddress(
  tx: Tx,
  userId: number,
  email: string,
  via: keyof typeof EMAIL_CONFIRMED_VIA,
): Promise<boolean> {
  const [user] = await tx
    .select({ confirmed: users.email_confirmed })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .for('update');
  if (!user) return false;
  const now = new Date();
  await tx
    .update(emailConfirmations)
    .set({ used_at: now, updated_at: now })
    .where(and(eq(emailConfirmations.user_id, userId), isNull(emailConfirmations.used_at)));
  if (user.confirmed) return true;
  await tx.update(users).set({ email_confirmed: true }).where(eq(users.id, userId));
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.email_confirmed',
    table: 'users',
    id: userId,
    before: { email, email_confirmed: false },
    after: { email, email_confirmed: true, via: EMAIL_CONFIRMED_VIA[via] },
  });
  return true;
}

export interface Recipient {
  id: number;
  firstname: string;
  email: string;
}

export interface EmailConfirmationDeps {
  db: Db;
  mailer: Mailer | null;
  /** Where the dashboard is reached: the link is `${publicUrl}/confirm-email?token=…`. */
  publicUrl: () => string;
  limits: LimitStore;
  log?: (message: string, error?: unknown) => void;
}

export function createEmailConfirmation({ db, mailer, publicUrl, limits, log }: EmailConfirmationDeps) {
  const strikes = ({ name, ...options }: StrikeOptions & { name: string }) => limits.strikes(name, options);
  const perMinute = strikes(RESEND_MINUTE);
  const perHour = strikes(RESEND_HOUR);

  /** Stores a new link for the user's current address, mails it in the background and counts it. */
  async function send(user: Recipient): Promise<void> {
    if (!mailer) return;
    const token = randomBytes(32).toString('base64url');
    await db.insert(emailConfirmations).values({
      user_id: user.id,
      email: user.email,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + CONFIRM_LINK_HOURS * 3_600_000),
    });
    const key = String(user.id);
    await Promise.all([perMinute.strike(key), perHour.strike(key)]);
    mailer
      .send({
        to: user.email,
        subject: EMAIL_CONFIRM_TEXT.mailSubject,
        text: EMAIL_CONFIRM_TEXT.mailBody(user.firstname, `${publicUrl()}/confirm-email?token=${token}`),
      })
      .catch((error) => log?.('email confirmation mail failed', error));
  }

  async function confirmedOf(userId: number): Promise<boolean> {
    const [row] = await db.select({ confirmed: users.email_confirmed }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound(SERVER_TEXT.userNotFound);
    return row.confirmed;
  }

  return {
    /** Whether addresses must be confirmed at all: only a server that mails can ask for it. */
    required: mailer !== null,

    send,

    async state(userId: number) {
      const confirmed = await confirmedOf(userId);
      return { required: mailer !== null, confirmed: mailer === null || confirmed };
    },

    /** Mails a new link, unless the address is confirmed or the user asked too often. */
    async resend(userId: number): Promise<void> {
      if (!mailer) throw badRequest(EMAIL_CONFIRM_TEXT.noMail);
      const [user] = await db
        .select({ id: users.id, firstname: users.firstname, email: users.email, confirmed: users.email_confirmed })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound(SERVER_TEXT.userNotFound);
      if (user.confirmed) throw badRequest(EMAIL_CONFIRM_TEXT.alreadyConfirmed);
      const key = String(userId);
      const hourLeft = await perHour.lockedMs(key);
      if (hourLeft > 0) throw tooMany(EMAIL_CONFIRM_TEXT.resendTooMany(hourLeft / 60_000));
      const minuteLeft = await perMinute.lockedMs(key);
      if (minuteLeft > 0) throw tooMany(EMAIL_CONFIRM_TEXT.resendTooSoon(minuteLeft / 1000));
      await send(user);
    },

    /** Follows a link: confirms the address it was sent to, if the account still has it. */
    async confirm(token: string): Promise<void> {
      const confirmed = await db.transaction(async (tx) => {
        const now = new Date();
        const [link] = await tx
          .update(emailConfirmations)
          .set({ used_at: now, updated_at: now })
          .where(
            and(
              eq(emailConfirmations.token_hash, sha256(token)),
              isNull(emailConfirmations.used_at),
              gt(emailConfirmations.expires_at, now),
            ),
          )
          .returning({ user_id: emailConfirmations.user_id, email: emailConfirmations.email });
        if (!link) return false;
        // The other links of the account are spent with this one.
        return confirmAddress(tx, link.user_id, link.email, 'link');
      });
      if (!confirmed) throw badRequest(EMAIL_CONFIRM_TEXT.tokenInvalid);
    },
  };
}

export type EmailConfirmation = ReturnType<typeof createEmailConfirmation>;
