/**
 * The caches Baileys keeps per socket, made once per session and given to every socket it opens (issue 22,
 * item 3). Left to Baileys, each socket makes its own `@cacheable/node-cache` instances with interval
 * timers (6.7.24 never closed them: about 18 KB lost per reconnect), and the key store's cache outlives the
 * session. These are timer-free bounded maps: an entry past its age is dropped when read, the oldest goes
 * when one is full, and `close` empties them all when the session ends.
 */
import type { CacheStore, UserFacingSocketConfig } from 'baileys';
import { BoundedCache, cacheStore } from './bounded-cache.ts';

const MINUTE = 60_000;

/** Sizes and ages after Baileys' DEFAULT_CACHE_TTLS, capped: a blasting account talks to few devices at once. */
const SIZES = {
  userDevices: { entries: 2_000, ttlMs: 5 * MINUTE },
  callOffers: { entries: 100, ttlMs: 5 * MINUTE },
  placeholderResends: { entries: 500, ttlMs: 60 * MINUTE },
  retryCounters: { entries: 1_000, ttlMs: 60 * MINUTE },
  signalKeys: { entries: 5_000, ttlMs: 5 * MINUTE },
} as const;

export type SocketCaches = Pick<
  UserFacingSocketConfig,
  'userDevicesCache' | 'callOfferCache' | 'placeholderResendCache' | 'msgRetryCounterCache'
>;

export class SessionCaches {
  private readonly all: BoundedCache<unknown>[] = [];
  /** Given to every socket of the session (Baileys closes only the caches it made itself). */
  readonly socket: SocketCaches;
  /** The cache in front of the key store (makeCacheableSignalKeyStore's third argument). */
  readonly signalKeys: CacheStore;

  constructor() {
    this.socket = {
      userDevicesCache: this.make(SIZES.userDevices),
      callOfferCache: this.make(SIZES.callOffers),
      placeholderResendCache: this.make(SIZES.placeholderResends),
      msgRetryCounterCache: this.make(SIZES.retryCounters),
    };
    this.signalKeys = this.make(SIZES.signalKeys);
  }

  private make(size: { entries: number; ttlMs: number }): CacheStore {
    const cache = new BoundedCache<unknown>(size.entries, size.ttlMs);
    this.all.push(cache);
    return cacheStore(cache);
  }

  /** The session ended: nothing of it stays in memory. */
  close() {
    for (const cache of this.all) cache.clear();
  }
}
