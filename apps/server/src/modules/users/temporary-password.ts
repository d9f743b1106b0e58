/**
 * A temporary password an admin or dev sets when a user cannot sign in and no mail is configured. It ends
 * the user's sessions, must be changed at the next sign-in (a session signed in with it may do nothing else)
 * and is refused once TEMPORARY_PASSWORD_HOURS old. Who may set one follows the rule of
 * updating a user: a dev for anyone, an admin for members and staff but never another manager (that would
 * let an admin take over a dev); nobody for themselves, whose password is changed on the profile.
 */
import { randomInt } from 'node:crypto';
import type { TTemporaryPasswordResponse } from '@sewablast/contract/recovery';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { SessionService } from '../auth/sessions.ts';
import { setPassword } from './password.ts';
import type { UserService } from './service.ts';

/** No look-alikes (0/O, 1/l/I): the password is read out or typed from a screen. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function generateTemporaryPassword(): string {
  let password = '';
  for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

export function createTemporaryPasswords(
  db: Db,
  userService: Pick<UserService, 'findById'>,
  sessions: Pick<SessionService, 'announce'>,
) {
  return {
    async set(actor: Actor, id: number, given?: string): Promise<TTemporaryPasswordResponse> {
      if (actor.id === id) throw forbidden(RECOVERY_TEXT.temporaryNotSelf);
      const target = await userService.findById(id);
      if (!target) throw notFound(SERVER_TEXT.userNotFound);
      const targetRole = effectiveRole(target.role);
      if (actor.role === 'admin' && targetRole && inGroup(targetRole, 'managers')) {
        throw forbidden(SERVER_TEXT.forbidden);
      }
      const password = given ?? generateTemporaryPassword();
      const columns = await setPassword(password, 'temporary');
      // Taking over an account is power over it: the audit log records who did, never the password.
      await db.transaction(async (tx) => {
        await tx.update(users).set(columns).where(eq(users.id, id));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.temporary_password',
          table: 'users',
          id,
          before: { must_change_password: target.must_change_password },
          after: { must_change_password: true },
        });
      });
      await sessions.announce(id);
      return { password, msg: RECOVERY_TEXT.temporaryDone };
    },
  };
}

export type TemporaryPasswords = ReturnType<typeof createTemporaryPasswords>;
