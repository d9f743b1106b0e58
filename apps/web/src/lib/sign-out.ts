/**
 * Signing out of this device: the server ends the token's session (so a copy of the token is worth nothing
 * from now on), and the cookies go at once, whether or not the server is reached.
 */
import type { TLogoutRequest, TSessionMessage } from '@sewablast/contract/sessions';
import { api } from './api.ts';
import { getToken, signOut } from './session.ts';

export function signOutHere(): void {
  const token = getToken();
  if (token) {
    const body: TLogoutRequest = { token };
    api<TSessionMessage>('/auth/logout', { body, anonymous: true }).catch(() => {});
  }
  signOut();
}
