/**
 * Signing out of this device: the server ends the token's session (so a copy of the token is worth nothing
 * from now on), and the cookies go at once, whether or not the server is reached.
 */
import * as auth from '@sewablast/contract/auth-calls';
import { call } from './api.ts';
import { getToken, signOut } from './session.ts';

export function signOutHere(): void {
  const token = getToken();
  if (token) {
    call(auth.logout, { body: { token } }).catch(() => {});
  }
  signOut();
}
