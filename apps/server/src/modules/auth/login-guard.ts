/**
 * Password guessing, limited per account whatever the client address (DESIGN §9). Failed sign-ins of an
 * account are counted across every address; after `maxFailures` in `windowMs` the account is locked for
 * `lockMs` to every address that has not signed in to it before. An address the user signed in from keeps
 * its own count, so a stranger's guesses cannot lock the owner out of their usual place, and a lock ends
 * by itself after a short while. The per-address limit (any account) is the route's rate limit.
 * Unknown emails are counted like real ones, so a lock does not tell whether an account exists.
 * The counts live in the limit store: shared by every api node when REDIS_URL is set.
 */
import type { LimitStore } from '../../lib/limit-store.ts';

export interface LoginGuardOptions {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** How long an address stays "known" to an account after a sign-in from it. */
  knownMs: number;
}

export const DEFAULT_LOGIN_GUARD: LoginGuardOptions = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  knownMs: 30 * 24 * 60 * 60_000,
};

export interface LoginGuard {
  /** Minutes left of a lock on this account for this address, or 0 when it may try. */
  lockedMinutes(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export function createLoginGuard(store: LimitStore, options: LoginGuardOptions = DEFAULT_LOGIN_GUARD): LoginGuard {
  const strikes = { max: options.maxFailures, windowMs: options.windowMs, lockMs: options.lockMs };
  const byAccount = store.strikes('login-account', strikes);
  const byKnownAddress = store.strikes('login-known', strikes);
  const known = store.marks('login-known-address', options.knownMs);

  const pair = (email: string, address: string) => `${email}\n${address}`;
  const bucket = async (email: string, address: string) =>
    (await known.has(pair(email, address)))
      ? { counts: byKnownAddress, key: pair(email, address) }
      : { counts: byAccount, key: email };

  return {
    async lockedMinutes(email, address) {
      const { counts, key } = await bucket(email, address);
      return Math.ceil((await counts.lockedMs(key)) / 60_000);
    },
    async failed(email, address) {
      const { counts, key } = await bucket(email, address);
      await counts.strike(key);
    },
    async succeeded(email, address) {
      await known.set(pair(email, address));
      await byKnownAddress.clear(pair(email, address));
    },
  };
}

/**
 * Sign-up answers 409 for an email that has an account (the spec's field message), which tells a stranger
 * who is a customer. Each such answer is a strike against the address; at `max` the address may not sign
 * up at all for `lockMs`, whatever the email, so a lock tells nothing about the email it stopped.
 */
export const DEFAULT_SIGNUP_GUARD = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export interface SignupGuard {
  /** Minutes left of this address's lock, or 0 when it may sign up. */
  lockedMinutes(address: string): Promise<number>;
  /** The address was told an email is taken. */
  revealed(address: string): Promise<void>;
}

export function createSignupGuard(store: LimitStore, options = DEFAULT_SIGNUP_GUARD): SignupGuard {
  const byAddress = store.strikes('signup-address', options);
  return {
    lockedMinutes: async (address) => Math.ceil((await byAddress.lockedMs(address)) / 60_000),
    revealed: (address) => byAddress.strike(address),
  };
}
