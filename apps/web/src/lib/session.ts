/**
 * The signed-in session, kept in the cookies the spec names (`authToken`, `user`, `analytics`): path /,
 * SameSite lax, Secure only over https, 10 years — or for the browser session when 'Keep me logged in'
 * is left unticked. Components follow it through useSession().
 */
import { COOKIE, COOKIE_MAX_AGE_DAYS } from '@sewablast/contract/cookies';
import type { TUser } from '@sewablast/contract/users';
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { parseStoredUser } from './stored-user.ts';
import { usableToken } from './token.ts';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function attributes(persistent: boolean): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    ...(persistent ? { expires: COOKIE_MAX_AGE_DAYS } : {}),
  };
}

export function getToken(): string | null {
  return usableToken(Cookies.get(COOKIE.token));
}

/** The stored user, or null when there is none or it is not one (stored-user.ts). */
export function getUser(): TUser | null {
  return parseStoredUser(Cookies.get(COOKIE.user));
}

/** Keeps the cookie's lifetime: a session sign-in stays a session sign-in when the user is refreshed. */
export function storeUser(user: TUser): void {
  const persistent = Cookies.get('persist') === '1';
  Cookies.set(COOKIE.user, JSON.stringify(user), attributes(persistent));
  notify();
}

/**
 * A password change ends every other session: this one goes on with the token the server answered, kept
 * as long as the one it replaces.
 */
export function replaceToken(token: string): void {
  Cookies.set(COOKIE.token, token, attributes(Cookies.get('persist') === '1'));
  notify();
}

export function signIn(token: string, user: TUser, persistent: boolean): void {
  const options = attributes(persistent);
  Cookies.set(COOKIE.token, token, options);
  Cookies.set(COOKIE.user, JSON.stringify(user), options);
  Cookies.set('persist', persistent ? '1' : '0', options);
  notify();
}

function removeCookies(): void {
  for (const name of [COOKIE.token, COOKIE.user, COOKIE.analytics, 'persist']) Cookies.remove(name, { path: '/' });
}

export function signOut(): void {
  removeCookies();
  notify();
}

let leaving = false;

/**
 * Signs out and loads /signin afresh, leaving nothing of the session in memory. Until the load replaces it,
 * the page keeps drawing the session it had: drawn signed out, the guard would move it to /signin first, two
 * navigations where one is meant (and a test closing the tab at the first would race the second).
 */
export function signOutAndReload(): void {
  leaving = true;
  removeCookies();
  window.location.replace('/signin');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let snapshot: { token: string | null; user: TUser | null; raw: string } = { token: null, user: null, raw: '' };

function read() {
  if (leaving) return snapshot;
  const raw = `${Cookies.get(COOKIE.token) ?? ''}|${Cookies.get(COOKIE.user) ?? ''}`;
  if (raw !== snapshot.raw) snapshot = { token: getToken(), user: getUser(), raw };
  return snapshot;
}

export function useSession(): { token: string | null; user: TUser | null } {
  return useSyncExternalStore(subscribe, read);
}
