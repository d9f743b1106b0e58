/**
 * Password guessing, limited per account whatever the client address (DESIGN §9). Failed sign-ins of an
 * account are counted across every address; after `maxFailures` in `windowMs` the account is locked for
 * `lockMs` to every address that has not signed in to it before. An address the user signed in from keeps
 * its own count, so a stranger's guesses cannot lock the owner out of their usual place, and a lock ends
 * by itself after a short while. The per-address limit (any account) is the route's rate limit.
 * Unknown emails are counted like real ones, so a lock does not tell whether an account exists.
 */

export interface LoginGuardOptions {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /** Entries kept at most per map; the oldest go first, so a flood of names cannot grow memory. */
  maxEntries: number;
  /** How long an address stays "known" to an account after a sign-in from it. */
  knownMs: number;
}

export const DEFAULT_LOGIN_GUARD: LoginGuardOptions = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxEntries: 100_000,
  knownMs: 30 * 24 * 60 * 60_000,
};

interface Failures {
  count: number;
  since: number;
  lockedUntil: number;
}

/** A Map that forgets its oldest entry past a size, and refreshes an entry's age when it is written. */
class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: string, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.max) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) super.delete(oldest);
    }
    return this;
  }
}

export interface LoginGuard {
  /** Minutes left of a lock on this account for this address, or 0 when it may try. */
  lockedMinutes(email: string, address: string): number;
  failed(email: string, address: string): void;
  succeeded(email: string, address: string): void;
}

export function createLoginGuard(options: LoginGuardOptions = DEFAULT_LOGIN_GUARD): LoginGuard {
  const byAccount = new BoundedMap<Failures>(options.maxEntries);
  const byKnownAddress = new BoundedMap<Failures>(options.maxEntries);
  const known = new BoundedMap<number>(options.maxEntries);

  const pair = (email: string, address: string) => `${email}\n${address}`;
  const isKnown = (email: string, address: string, now: number) =>
    (known.get(pair(email, address)) ?? 0) + options.knownMs > now;
  const bucket = (email: string, address: string, now: number) =>
    isKnown(email, address, now) ? { map: byKnownAddress, key: pair(email, address) } : { map: byAccount, key: email };

  return {
    lockedMinutes(email, address) {
      const now = Date.now();
      const { map, key } = bucket(email, address, now);
      const lockedUntil = map.get(key)?.lockedUntil ?? 0;
      return lockedUntil > now ? Math.ceil((lockedUntil - now) / 60_000) : 0;
    },
    failed(email, address) {
      const now = Date.now();
      const { map, key } = bucket(email, address, now);
      const current = map.get(key);
      const entry =
        current && current.since + options.windowMs > now ? current : { count: 0, since: now, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= options.maxFailures) {
        entry.lockedUntil = now + options.lockMs;
        entry.count = 0;
        entry.since = now;
      }
      map.set(key, entry);
    },
    succeeded(email, address) {
      known.set(pair(email, address), Date.now());
      byKnownAddress.delete(pair(email, address));
    },
  };
}
