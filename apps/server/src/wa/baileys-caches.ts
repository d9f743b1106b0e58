/**
 * The caches Baileys keeps per socket, made once per session and given to every socket it opens (issue 22,
 * item 3). Left to Baileys, each socket makes its own `@cacheable/node-cache` instances with interval
 * timers (6.7.24 never closed them: about 18 KB lost per reconnect), and the key store's cache outlives the
 * session. These are timer-free bounded maps: an entry past its age is dropped when read, the oldest goes
 * when one is full, and `close` empties them all when the session ends.
 *
 * The same for the cache of Baileys 7's map between phone numbers and LIDs, which the socket's signal
 * repository makes for itself: an lru-cache with no size limit whose entries live 3 days, each with a timer
 * of its own. A send looks its contact up inside a key-store transaction (an AsyncLocalStorage context), so
 * each timer kept that transaction's context, and with it every key the send had read and written, alive
 * for 3 days: a blasting session grew by some 20 KB a contact (bench/baileys-blast).
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
  // Both directions of the last 500 contacts; one not here is read from the key store, where Baileys keeps it.
  lidMappings: { entries: 1_000, ttlMs: 3 * 24 * 60 * MINUTE },
} as const;

type BaileysModule = typeof import('baileys');
type MakeSignalRepository = UserFacingSocketConfig['makeSignalRepository'];

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
    this.lidMappings = new BoundedCache<unknown>(SIZES.lidMappings.entries, SIZES.lidMappings.ttlMs);
    this.all.push(this.lidMappings);
  }

  private readonly lidMappings: BoundedCache<unknown>;

  /** Baileys' own signal repository, its LID map cached in the session's bounded map instead of its own. */
  signalRepository(lib: BaileysModule): MakeSignalRepository {
    const make = lib.DEFAULT_CONNECTION_CONFIG.makeSignalRepository;
    return (...args) => {
      const repository = make(...args);
      const store = repository.lidMapping as unknown as { mappingCache?: unknown };
      if (!store.mappingCache) throw new Error("Baileys' LID map has no mappingCache to replace: check it again");
      const cache = this.lidMappings;
      // The part of lru-cache's interface the LID map uses.
      store.mappingCache = {
        get: (key: string) => cache.get(key),
        set: (key: string, value: unknown) => cache.set(key, value),
        clear: () => cache.clear(),
      };
      return repository;
    };
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
