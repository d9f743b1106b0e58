/**
 * Two-factor sign-in (TOTP): set-up from the profile in two steps (a secret shown once, then confirmed by a
 * right code), the sign-in's second step through a single-use challenge, "remember this device" tokens, and
 * the admin's reset. A code is accepted once: the last accepted time step is kept, and only a later one
 * passes. Wrong codes count as failed sign-ins in the shared login guard, so that guessing codes is bounded
 * by the same account lock as guessing passwords, on every node.
 */
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type {
  TTwoFactorEnableResponse,
  TTwoFactorSetupResponse,
  TTwoFactorStatus,
} from '@sewablast/contract/two-factor';
import { CHALLENGE_ATTEMPTS, CHALLENGE_MINUTES, TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginChallenges, recoveryCodes, rememberedDevices, users } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requireCurrentPassword } from '../users/account-change.ts';
import type { UserRow } from '../users/service.ts';
import { mayResetTwoFactor } from './back-office-users.ts';
import type { LoginGuard } from './login-guard.ts';
import {
  challengeHash,
  newChallengeToken,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryHash,
  type SecretBox,
  totpStep,
} from './two-factor-codes.ts';

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  guard: LoginGuard;
  announce: (userId: number) => Promise<void>;
  /** TWO_FACTOR_REQUIRED: staff, admins and devs must have a second factor to use the dashboard. */
  required: boolean;
}

export function createTwoFactorService({ db, box, guard, announce, required }: TwoFactorDeps) {
  const isRequired = (user: Pick<UserRow, 'role'>) => {
    const role = effectiveRole(user.role);
    return required && role !== null && inGroup(role, 'backOffice');
  };

  async function userOf(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound(SERVER_TEXT.userNotFound);
    return row;
  }

  /**
   * Spends `code` as a TOTP code of a later step than the last accepted, or (unless `appOnly`) as an unused
   * recovery code.
   */
  async function spend(user: UserRow, code: string, appOnly = false): Promise<boolean> {
    if (!user.totp_secret || !user.totp_enabled_at) return false;
    const step = totpStep(box.open(user.totp_secret), code);
    if (step !== null) {
      const taken = await db
        .update(users)
        .set({ totp_last_step: step })
        .where(and(eq(users.id, user.id), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
        .returning({ id: users.id });
      return taken.length > 0;
    }
    if (appOnly) return false;
    const used = await db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.user_id, user.id), eq(recoveryCodes.code_hash, recoveryHash(code))))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }

  /** A code given by a signed-in caller (disabling): a wrong one counts toward the account lock too. */
  async function requireCode(user: UserRow, code: string, address: string, appOnly = false): Promise<void> {
    const locked = await guard.lockedMinutes(user.email, address);
    if (locked > 0) throw tooMany(SERVER_TEXT.loginLocked(locked));
    if (await spend(user, code, appOnly)) return;
    await guard.failed(user.email, address);
    throw badRequest(TWO_FACTOR_TEXT.codeInvalid, { code: TWO_FACTOR_TEXT.codeInvalid });
  }

  async function clear(userId: number, tx: Pick<Db, 'update' | 'delete'> = db): Promise<void> {
    await tx
      .update(users)
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.delete(rememberedDevices).where(eq(rememberedDevices.user_id, userId));
  }

  return {
    isRequired,
    /** A user the requirement applies to who has no second factor yet: confined to setting it up. */
    needsSetup: (user: UserRow) => isRequired(user) && !user.totp_enabled_at,
    enabled: (user: UserRow) => Boolean(user.totp_enabled_at),

    async status(actor: Actor): Promise<TTwoFactorStatus> {
      const user = await userOf(actor.id);
      const [left] = await db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.user_id, actor.id));
      return { enabled: Boolean(user.totp_enabled_at), required: isRequired(user), recovery_codes_left: left?.n ?? 0 };
    },

    /** Step one: a new secret, kept sealed and not yet in force; answered this once only. */
    async setup(actor: Actor, password: string, address: string): Promise<TTwoFactorSetupResponse> {
      const user = await userOf(actor.id);
      if (user.totp_enabled_at) throw conflict(TWO_FACTOR_TEXT.alreadyOn);
      await requireCurrentPassword(user, password, TWO_FACTOR_TEXT.passwordRequired, { guard, address });
      const totp = newTotpSecret();
      await db
        .update(users)
        .set({ totp_secret: box.seal(totp), totp_last_step: null })
        .where(and(eq(users.id, user.id), isNull(users.totp_enabled_at)));
      return { secret: totp, uri: otpauthUri(totp, user.email) };
    },

    /** Step two: a right code of the new secret turns it on, and the recovery codes are shown once. */
    async enable(actor: Actor, code: string): Promise<TTwoFactorEnableResponse> {
      const user = await userOf(actor.id);
      if (user.totp_enabled_at) throw conflict(TWO_FACTOR_TEXT.alreadyOn);
      if (!user.totp_secret) throw badRequest(TWO_FACTOR_TEXT.notStarted);
      const step = totpStep(box.open(user.totp_secret), code);
      if (step === null) throw badRequest(TWO_FACTOR_TEXT.codeInvalid, { code: TWO_FACTOR_TEXT.codeInvalid });
      const codes = newRecoveryCodes();
      const turnedOn = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ totp_enabled_at: new Date(), totp_last_step: step })
          .where(
            and(eq(users.id, user.id), isNull(users.totp_enabled_at), eq(users.totp_secret, user.totp_secret ?? '')),
          )
          .returning({ id: users.id });
        if (!row) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
        await tx.insert(recoveryCodes).values(codes.map((one) => ({ user_id: user.id, code_hash: recoveryHash(one) })));
        return true;
      });
      if (!turnedOn) throw conflict(TWO_FACTOR_TEXT.alreadyOn);
      return { msg: TWO_FACTOR_TEXT.enabled, recovery_codes: codes };
    },

    /** The password and a code; refused where the role must keep it. Remembered devices are voided with it. */
    async disable(actor: Actor, password: string, code: string, address: string): Promise<void> {
      const user = await userOf(actor.id);
      if (!user.totp_enabled_at) throw badRequest(TWO_FACTOR_TEXT.notOn);
      if (isRequired(user)) throw forbidden(TWO_FACTOR_TEXT.requiredCannotDisable);
      await requireCurrentPassword(user, password, TWO_FACTOR_TEXT.passwordRequired, { guard, address });
      await requireCode(user, code, address);
      await clear(user.id);
    },

    /**
     * New recovery codes, shown this once: the old ones stop working in the same transaction. Proven by the
     * current password or a code of the app (not a recovery code: one leaked code must not buy ten); a
     * wrong one counts toward the account lock. Audited.
     */
    async regenerateRecoveryCodes(
      actor: Actor,
      proof: { current_password?: string; code?: string },
      address: string,
    ): Promise<TTwoFactorEnableResponse> {
      const user = await userOf(actor.id);
      if (!user.totp_enabled_at) throw badRequest(TWO_FACTOR_TEXT.notOn);
      if (proof.current_password) {
        await requireCurrentPassword(user, proof.current_password, TWO_FACTOR_TEXT.passwordRequired, {
          guard,
          address,
        });
      } else {
        await requireCode(user, proof.code ?? '', address, true);
      }
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        // One regeneration at a time per user: two at once would leave both sets.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const old = await tx
          .delete(recoveryCodes)
          .where(eq(recoveryCodes.user_id, user.id))
          .returning({ id: recoveryCodes.id });
        await tx.insert(recoveryCodes).values(codes.map((one) => ({ user_id: user.id, code_hash: recoveryHash(one) })));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.recovery_codes_regenerated',
          table: 'users',
          id: user.id,
          before: { recovery_codes_left: old.length },
          after: { recovery_codes_left: codes.length },
        });
      });
      return { msg: TWO_FACTOR_TEXT.regenerated, recovery_codes: codes };
    },

    /**
     * An admin or dev turns a user's second factor off (a lost phone and no recovery code left): audited,
     * and every session of the user ends. Who may do it follows the temporary password's rule: a dev for
     * anyone, an admin for members and staff; nobody for themselves.
     */
    async reset(actor: Actor, id: number): Promise<void> {
      if (actor.id === id) throw forbidden(TWO_FACTOR_TEXT.resetNotSelf);
      const target = await userOf(id);
      if (!mayResetTwoFactor(actor, { id, role: effectiveRole(target.role) })) throw forbidden(SERVER_TEXT.forbidden);
      if (!target.totp_secret && !target.totp_enabled_at) throw badRequest(TWO_FACTOR_TEXT.resetNotOn);
      await db.transaction(async (tx) => {
        await clear(id, tx);
        await tx
          .update(users)
          .set({ token_version: sql`${users.token_version} + 1` })
          .where(eq(users.id, id));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.two_factor_reset',
          table: 'users',
          id,
          before: { two_factor: Boolean(target.totp_enabled_at) },
          after: { two_factor: false },
        });
      });
      await announce(id);
    },

    /**
     * After the right password: a challenge for the second step, good for CHALLENGE_MINUTES and while the
     * user's token_version stays (a password change ends it, as it ends sessions).
     */
    async challenge(user: UserRow): Promise<{ challenge: string; expires_in: number }> {
      const { token, hash } = newChallengeToken();
      await db
        .delete(loginChallenges)
        .where(and(eq(loginChallenges.user_id, user.id), lt(loginChallenges.expires_at, new Date())));
      await db.insert(loginChallenges).values({
        token_hash: hash,
        user_id: user.id,
        version: user.token_version,
        expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      });
      return { challenge: token, expires_in: CHALLENGE_MINUTES * 60 };
    },

    /**
     * The second step: the challenge's user when `code` is right. Each try takes one of the challenge's
     * CHALLENGE_ATTEMPTS (the count is raised before the code is looked at, so parallel tries cannot
     * exceed it) and a wrong one strikes the account in the login guard. A right code spends the challenge.
     */
    async complete(challenge: string, code: string, address: string): Promise<UserRow> {
      const hash = challengeHash(challenge);
      const [taken] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.token_hash, hash),
            gt(loginChallenges.expires_at, new Date()),
            lt(loginChallenges.attempts, CHALLENGE_ATTEMPTS),
          ),
        )
        .returning();
      if (!taken) throw unauthorized(TWO_FACTOR_TEXT.challengeEnded);
      const user = await userOf(taken.user_id);
      // The password it was given for is no longer the account's (or an admin ended every session).
      if (user.token_version !== taken.version) {
        await db.delete(loginChallenges).where(eq(loginChallenges.id, taken.id));
        throw unauthorized(TWO_FACTOR_TEXT.challengeEnded);
      }
      const locked = await guard.lockedMinutes(user.email, address);
      if (locked > 0) throw tooMany(SERVER_TEXT.loginLocked(locked));
      if (!(await spend(user, code))) {
        await guard.failed(user.email, address);
        if (taken.attempts >= CHALLENGE_ATTEMPTS) {
          await db.delete(loginChallenges).where(eq(loginChallenges.id, taken.id));
          throw unauthorized(TWO_FACTOR_TEXT.challengeEnded);
        }
        throw unauthorized(TWO_FACTOR_TEXT.codeInvalid);
      }
      const spent = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.id, taken.id))
        .returning({ id: loginChallenges.id });
      if (spent.length === 0) throw unauthorized(TWO_FACTOR_TEXT.challengeEnded);
      return user;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
