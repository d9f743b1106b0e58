/**
 * Whether the `user` cookie holds a user the screens can draw: it is written by this app, but it is a cookie
 * that an old version, an extension or a person may have changed. One that is not is treated as absent, and
 * the shell takes the user from the token's validation instead.
 */
import type { TUser } from '@sewablast/contract/users';

const isText = (value: unknown) => typeof value === 'string';

/** The fields every signed-in screen reads (the menu's name and initials, the guard's role, the ids). */
export function isStoredUser(value: unknown): value is TUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    Number.isInteger(user.id) &&
    isText(user.firstname) &&
    isText(user.lastname) &&
    isText(user.email) &&
    isText(user.role) &&
    user.role !== ''
  );
}

/** The cookie's text as a user, or null when it is not one. */
export function parseStoredUser(raw: string | undefined): TUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredUser(value) ? value : null;
  } catch {
    return null;
  }
}
