/**
 * "Ingat perangkat ini 30 hari": a browser that passed the second step may skip it at its next sign-ins. Each
 * is a row (`remembered_devices`) holding the hash of a random token the browser keeps, so that the profile
 * lists them (device, when remembered, last used) and forgets any one of them. A device holds while the
 * user's token_version and second factor are the ones it was remembered under: a new password, turning the
 * second factor off, setting it up again or an admin's reset void every one of them at once.
 */
import type { TRememberedDevice } from '@sewablast/contract/two-factor';
import { REMEMBER_DEVICE_DAYS, TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rememberedDevices, users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import type { UserRow } from '../users/service.ts';
import type { SessionClient } from './sessions.ts';
import { challengeHash, newChallengeToken } from './two-factor-codes.ts';

export function createRememberedDevices(db: Db) {
  /** The user's devices that still hold: unexpired, under their present password and second factor. */
  const live = (userId: number) =>
    and(
      eq(rememberedDevices.user_id, userId),
      gt(rememberedDevices.expires_at, sql`now()`),
      sql`(${rememberedDevices.version}, ${rememberedDevices.two_factor_since}) = (SELECT ${users.token_version}, ${users.totp_enabled_at} FROM ${users} WHERE ${users.id} = ${userId})`,
    );

  return {
    /** Remembers the browser of a sign-in that passed the second step; its token, for the browser to keep. */
    async remember(user: UserRow, client: SessionClient): Promise<string | undefined> {
      if (!user.totp_enabled_at) return undefined;
      const { token, hash } = newChallengeToken();
      await db.insert(rememberedDevices).values({
        user_id: user.id,
        token_hash: hash,
        version: user.token_version,
        // As stored, to the microsecond: the row is compared with it.
        two_factor_since: sql`(SELECT ${users.totp_enabled_at} FROM ${users} WHERE ${users.id} = ${user.id})`,
        user_agent: client.userAgent.slice(0, 300),
        address: client.address.slice(0, 64),
        expires_at: new Date(Date.now() + REMEMBER_DEVICE_DAYS * 86_400_000),
      });
      return token;
    },

    /** Whether `token` is a device of this very user that still holds; its last use is noted. */
    async remembered(user: UserRow, token: string | undefined): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const [used] = await db
        .update(rememberedDevices)
        .set({ last_used_at: sql`now()` })
        .where(and(eq(rememberedDevices.token_hash, challengeHash(token)), live(user.id)))
        .returning({ id: rememberedDevices.id });
      return used !== undefined;
    },

    async list(actor: Actor): Promise<TRememberedDevice[]> {
      const rows = await db
        .select()
        .from(rememberedDevices)
        .where(live(actor.id))
        .orderBy(desc(sql`coalesce(${rememberedDevices.last_used_at}, ${rememberedDevices.created_at})`));
      return rows.map((row) => ({
        id: row.id,
        user_agent: row.user_agent,
        address: row.address,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        expires_at: row.expires_at.toISOString(),
      }));
    },

    /** Forgets one of the caller's devices; another user's is answered as one that does not exist. */
    async forget(actor: Actor, id: number): Promise<void> {
      const forgotten = await db
        .delete(rememberedDevices)
        .where(and(eq(rememberedDevices.id, id), eq(rememberedDevices.user_id, actor.id)))
        .returning({ id: rememberedDevices.id });
      if (forgotten.length === 0) throw notFound(TWO_FACTOR_TEXT.deviceNotFound);
    },
  };
}

export type RememberedDevices = ReturnType<typeof createRememberedDevices>;
