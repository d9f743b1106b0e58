/** Users: accounts, profiles and who may change what about them (DESIGN §5.1, §9). */
import { randomInt } from 'node:crypto';
import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import { ACTIVE_WINDOW_MINUTES } from '@sewablast/contract/counters';
import { INTERVAL_ORDER_TEXT, intervalsInOrder } from '@sewablast/contract/interval';
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { TUpdateUserRequest, TUser } from '@sewablast/contract/users';
import { and, count, eq, gte } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { blastFeeOf } from '../../ledger/fee.ts';
import { requireAccess, seesAll } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { LevelService } from '../level/service.ts';
import {
  type AccountChangeDeps,
  accountChangeOf,
  auditAccountChange,
  mailAccountChange,
  requireCurrentPassword,
} from './account-change.ts';
import { auditUserChanges } from './audit-changes.ts';
import { hashPassword, setPassword } from './password.ts';

export type UserRow = typeof users.$inferSelect;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function toPublicUser(row: UserRow): TUser {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role as TUser['role'],
    referral_code: row.referral_code,
    referred_by: row.referred_by,
    level_id: row.level_id,
    blast_interval_min: row.blast_interval_min,
    blast_interval_max: row.blast_interval_max,
    account_bank: row.account_bank,
    account_number: row.account_number,
    account_name: row.account_name,
    total_success: row.total_success,
    createdAt: row.created_at.toISOString(),
    ...(row.must_change_password ? { must_change_password: true as const } : {}),
  };
}

const PROTECTED_FIELDS = ['role', 'blast_interval_min', 'blast_interval_max'] as const;

function withoutUnchanged(patch: TUpdateUserRequest, target: UserRow): TUpdateUserRequest {
  const kept = { ...patch };
  for (const field of PROTECTED_FIELDS) if (kept[field] === target[field]) delete kept[field];
  return kept;
}

export interface NewUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  role?: TUser['role'];
  referred_by?: number | null;
  /** False leaves the address waiting for its mailed confirmation link (sign-up when the server mails). */
  email_confirmed?: boolean;
}

export function createUserService(
  db: Db,
  levels: LevelService,
  sessions: Pick<SessionService, 'resume' | 'announce'>,
  notices?: AccountChangeDeps,
) {
  async function findById(id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    return row;
  }

  async function mustFind(id: number): Promise<UserRow> {
    const row = await findById(id);
    if (!row) throw notFound(SERVER_TEXT.userNotFound);
    return row;
  }

  return {
    findById,

    findByEmail,

    async findByReferralCode(code: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.referral_code, code.trim().toUpperCase()));
      return row;
    },

    /** Creates a user with a fresh referral code; a taken email is a field error on `email`. */
    async create(input: NewUser): Promise<UserRow> {
      const password_hash = await hashPassword(input.password);
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const [row] = await db
            .insert(users)
            .values({
              firstname: input.firstname,
              lastname: input.lastname,
              email: input.email.trim().toLowerCase(),
              password_hash,
              role: input.role ?? 'member',
              referral_code: newReferralCode(),
              referred_by: input.referred_by ?? null,
              email_confirmed: input.email_confirmed ?? true,
            })
            .returning();
          if (row) return row;
        } catch (error) {
          if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
          // Either the email is taken or the referral code collided; only the latter is worth a retry.
          if (await findByEmail(input.email)) throw conflict(SERVER_TEXT.emailTaken, { email: SERVER_TEXT.emailTaken });
        }
      }
      throw new AppError('internal', 'referral code space exhausted');
    },

    /** Members seen within the last few minutes (the admin dashboard's 'active members now'). */
    async activeCount(): Promise<number> {
      const since = new Date(Date.now() - ACTIVE_WINDOW_MINUTES * 60_000);
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.role, 'member'), gte(users.last_seen_at, since)));
      return row?.total ?? 0;
    },

    async detail(actor: Actor, id: number) {
      requireAccess(actor, { owner: id });
      const row = await mustFind(id);
      const level = row.level_id === null ? undefined : await levels.get(row.level_id);
      return {
        user: toPublicUser(row),
        level: level?.name ?? null,
        color: level ? await levels.colorOf(level.id) : null,
      };
    },

    async blastFee(actor: Actor, id: number): Promise<number> {
      requireAccess(actor, { owner: id });
      const fee = await blastFeeOf(db, id);
      if (fee === null) throw notFound(SERVER_TEXT.userNotFound);
      return fee;
    },

    /**
     * Field-level rules: anyone may edit their own name, email, password and bank details; only admins
     * and devs set blast intervals; only a dev changes a role, and never their own. Level and money are
     * not fields of the request at all. Changing one's own password, email or payout bank account asks for
     * the current password (account-change.ts); any password change ends the user's sessions, and the caller
     * who changed their own gets a fresh token.
     */
    /** `address` is the caller's, for the sign-in guard that also counts wrong current passwords. */
    async update(
      actor: Actor,
      id: number,
      patch: TUpdateUserRequest,
      address = '',
    ): Promise<{ user: TUser; token?: string }> {
      requireAccess(actor, { owner: id });
      const target = await mustFind(id);
      // An admin manages members and staff, never another manager: that would let an admin take over a dev.
      const targetRole = effectiveRole(target.role);
      if (actor.id !== id && actor.role === 'admin' && targetRole && inGroup(targetRole, 'managers')) {
        throw forbidden(SERVER_TEXT.forbidden);
      }
      // The spec's client saves the whole user object it read: a protected field sent with the value it
      // holds is no change and is dropped, so that it neither needs the right to set it nor writes back a
      // value someone allowed changed meanwhile; only a changed one asks for the right.
      patch = withoutUnchanged(patch, target);
      if (patch.role !== undefined) {
        if (actor.role !== 'dev') throw forbidden(SERVER_TEXT.roleChangeDevOnly);
        if (actor.id === id) throw forbidden(SERVER_TEXT.forbidden);
      }
      const touchesIntervals = patch.blast_interval_min !== undefined || patch.blast_interval_max !== undefined;
      if (touchesIntervals && !seesAll(actor)) throw forbidden(SERVER_TEXT.forbidden);

      const min = patch.blast_interval_min !== undefined ? patch.blast_interval_min : target.blast_interval_min;
      const max = patch.blast_interval_max !== undefined ? patch.blast_interval_max : target.blast_interval_max;
      if (!intervalsInOrder(min, max))
        throw badRequest(INTERVAL_ORDER_TEXT, { blast_interval_min: INTERVAL_ORDER_TEXT });

      const { password, current_password, ...fields } = patch;
      const ownPassword = password !== undefined && actor.id === id;
      const change = accountChangeOf(target, patch);
      const check = { guard: notices?.guard, address };
      if (ownPassword) {
        await requireCurrentPassword(target, current_password, SERVER_TEXT.currentPasswordRequired, check);
      } else if (actor.id === id && (change.bank || change.email)) {
        await requireCurrentPassword(target, current_password, ACCOUNT_CHANGE_TEXT.currentPasswordRequired, check);
      }
      const values: PgUpdateSetSource<typeof users> = { ...fields };
      if (change.bank) values.bank_changed_at = new Date();
      // A new address is unconfirmed until the link mailed to it is followed.
      if (change.email && notices?.confirmation?.required) values.email_confirmed = false;
      if (password !== undefined) Object.assign(values, await setPassword(password, ownPassword ? 'own' : 'given'));
      if (Object.keys(values).length === 0) return { user: toPublicUser(target) };
      try {
        const { before, row } = await db.transaction(async (tx) => {
          const [locked] = await tx.select().from(users).where(eq(users.id, id)).for('update');
          const [updated] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
          if (!locked || !updated) throw notFound(SERVER_TEXT.userNotFound);
          await auditUserChanges(tx, actor.id, id, locked, updated);
          await auditAccountChange(tx, actor.id, locked, updated);
          return { before: locked, row: updated };
        });
        mailAccountChange(notices, actor, before, row, change);
        if (!row.email_confirmed && change.email) await notices?.confirmation?.send(row);
        // A new password or role ends sessions or narrows them: every node checks the user's sockets again.
        if (password !== undefined || row.role !== target.role) await sessions.announce(id);
        return {
          user: toPublicUser(row),
          ...(ownPassword ? { token: await sessions.resume(actor, row) } : {}),
        };
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) {
          throw conflict(SERVER_TEXT.emailTaken, { email: SERVER_TEXT.emailTaken });
        }
        throw error;
      }
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
