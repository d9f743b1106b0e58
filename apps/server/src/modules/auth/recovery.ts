/**
 * Password recovery by email (issue 11 §6). A request mails a one-time link whose token is 32 random bytes;
 * only its SHA-256 is stored, so a leaked table opens nothing. The answer never tells whether the email has
 * an account: both paths make the same queries (but the insert) and the mail is sent in the background, so
 * neither the words nor the time tell. Using the link marks it used in the same statement that checks it, so two
 * submits of one link cannot both succeed, and raises the token version, which ends every session. The link
 * went to the account's address, so following it confirms that address (if the account still has it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TForgotPasswordResponse } from '@sewablast/contract/recovery';
import { RECOVERY_TEXT, RESET_LINK_MINUTES } from '@sewablast/contract/recovery-text';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { setPassword } from '../users/password.ts';
import type { UserService } from '../users/service.ts';
import { confirmAddress } from './email-confirmation.ts';
import type { SessionService } from './sessions.ts';

/** Links one account may be sent per link lifetime: enough for a lost mail, too few to flood an inbox. */
const LINKS_PER_WINDOW = 3;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RecoveryDeps {
  db: Db;
  users: Pick<UserService, 'findByEmail'>;
  mailer: Mailer | null;
  /** Where the dashboard is reached: the link is `${publicUrl}/reset-password?token=…`. */
  publicUrl: () => string;
  log?: (message: string, error?: unknown) => void;
  /** Announces that the user's sessions ended, so that every node closes their live sockets. */
  sessions?: Pick<SessionService, 'announce'>;
}

export function createRecoveryService({ db, users: userService, mailer, publicUrl, log, sessions }: RecoveryDeps) {
  const windowStart = () => new Date(Date.now() - RESET_LINK_MINUTES * 60_000);

  /** Links the account was sent within the last link lifetime; user 0 (nobody) costs the same query. */
  async function recentLinks(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.user_id, userId), gt(passwordResets.created_at, windowStart())));
    return row?.n ?? 0;
  }

  /** Stores the link's hash and returns the token, or null when the account had its share of links. */
  async function issue(user: { id: number; email: string; token_version: number }): Promise<string | null> {
    // Two simultaneous requests may both pass the count: one extra mail, which is harmless.
    if ((await recentLinks(user.id)) >= LINKS_PER_WINDOW) return null;
    const token = randomBytes(32).toString('base64url');
    await db.insert(passwordResets).values({
      user_id: user.id,
      email: user.email,
      version: user.token_version,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    return token;
  }

  return {
    state: () => ({ mail: mailer !== null }),

    async forgot(email: string): Promise<TForgotPasswordResponse> {
      if (!mailer) return { mail: false, msg: RECOVERY_TEXT.noMail };
      const user = await userService.findByEmail(email);
      if (user) {
        const token = await issue(user);
        if (token) {
          const link = `${publicUrl()}/reset-password?token=${token}`;
          mailer
            .send({
              to: user.email,
              subject: RECOVERY_TEXT.mailSubject,
              text: RECOVERY_TEXT.mailBody(user.firstname, link),
            })
            .catch((error) => log?.('password reset mail failed', error));
        }
      } else {
        // The query a known email makes, so that an unknown one does not answer measurably sooner.
        await recentLinks(0);
      }
      return { mail: true, msg: RECOVERY_TEXT.sent };
    },

    async reset(token: string, password: string): Promise<void> {
      const columns = await setPassword(password, 'own');
      const userId = await db.transaction(async (tx) => {
        const now = new Date();
        const [link] = await tx
          .update(passwordResets)
          .set({ used_at: now, updated_at: now })
          .where(
            and(
              eq(passwordResets.token_hash, sha256(token)),
              isNull(passwordResets.used_at),
              gt(passwordResets.expires_at, now),
            ),
          )
          .returning({ user_id: passwordResets.user_id, email: passwordResets.email, version: passwordResets.version });
        if (!link?.email) return null;
        const [changed] = await tx
          .update(users)
          .set(columns)
          .where(and(eq(users.id, link.user_id), eq(users.email, link.email), eq(users.token_version, link.version)))
          .returning({ id: users.id });
        if (!changed) return null;
        // Every other link of the account dies with this one.
        await tx
          .update(passwordResets)
          .set({ used_at: now, updated_at: now })
          .where(and(eq(passwordResets.user_id, link.user_id), isNull(passwordResets.used_at)));
        // The account still has the address the link went to (checked above): following it proved that address.
        await confirmAddress(tx, link.user_id, link.email, 'passwordReset');
        return link.user_id;
      });
      if (userId === null) throw badRequest(RECOVERY_TEXT.tokenInvalid);
      await sessions?.announce(userId);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
