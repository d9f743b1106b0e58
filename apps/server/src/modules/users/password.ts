/**
 * Setting a password, the one rule for the profile, a temporary password and a recovery link: the columns a
 * new password writes. Each caller writes them in its own statement (its own conditions and audit), and
 * announces the user's sessions after commit (`sessions.announce`), so that every node closes their sockets.
 */
import { hash } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Who chose the password: someone else for the user (`temporary`: to be changed at the next sign-in, and
 * refused once too old), the user themselves (`own`: whatever temporary password they had is done), or an
 * admin through the profile form (`given`: a temporary mark the user has stays as it is).
 */
export type PasswordOrigin = 'temporary' | 'own' | 'given';

export interface PasswordColumns {
  password_hash: string;
  token_version: SQL;
  must_change_password?: boolean;
  temporary_password_at?: Date | null;
}

/**
 * The columns of a new password, hashed before any transaction begins (hashing takes tens of milliseconds,
 * which no lock should wait for). The token version rises: every session signed in before ends.
 */
export async function setPassword(password: string, origin: PasswordOrigin): Promise<PasswordColumns> {
  const columns = {
    password_hash: await hashPassword(password),
    token_version: sql`${users.token_version} + 1`,
  };
  if (origin === 'given') return columns;
  const temporary = origin === 'temporary';
  return { ...columns, must_change_password: temporary, temporary_password_at: temporary ? new Date() : null };
}
