/**
 * The periodic sweep of what sign-in leaves behind once it has expired: login challenges, email confirmation
 * and password reset links, remembered devices, and sessions revoked or past a token's lifetime. Without it
 * they went only when the same user signed in again. It runs in the session host's housekeeping round (the
 * one periodic loop of a worker, engine/session/session-host.ts), at most once per `everyMs` in each process; every
 * worker may run it, and deleting the same rows twice is harmless.
 */
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  emailConfirmations,
  loginChallenges,
  passwordResets,
  rememberedDevices,
  userSessions,
} from '../../db/schema.ts';

/** Expired rows harm nothing while they wait (each read checks expiry): a few minutes' lag is fine. */
export const SWEEP_EVERY_MS = 5 * 60_000;

export function createExpiredSweep(db: Db, { everyMs = SWEEP_EVERY_MS } = {}) {
  let last = 0;
  return async function sweepExpired(): Promise<void> {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    const now = sql`now()`;
    await db.delete(loginChallenges).where(lt(loginChallenges.expires_at, now));
    await db.delete(emailConfirmations).where(lt(emailConfirmations.expires_at, now));
    await db.delete(passwordResets).where(lt(passwordResets.expires_at, now));
    await db.delete(rememberedDevices).where(lt(rememberedDevices.expires_at, now));
    await db
      .delete(userSessions)
      .where(
        or(
          isNotNull(userSessions.revoked_at),
          lt(userSessions.created_at, sql`now() - make_interval(secs => ${TOKEN_TTL_SECONDS})`),
        ),
      );
  };
}
