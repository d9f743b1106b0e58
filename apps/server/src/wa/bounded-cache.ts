/**
 * The small per-session memories the drivers keep (number lookups, retry counters, recent sends, receipts
 * already passed on, uploaded media): a Map with an age limit and a size cap, so that a worker holding
 * thousands of sessions keeps each one's memory small. The oldest entry goes first.
 */
import type { CacheStore } from 'baileys';
import type { SentMessageStore } from './driver.ts';

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V) {
    // Re-inserted at the end, so that the first entry is always the oldest one to drop.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}

/** Baileys' CacheStore over a bounded cache, for its counters (msgRetryCounterCache). */
export function cacheStore(cache: BoundedCache<unknown>): CacheStore {
  return {
    get: <T>(key: string) => cache.get(key) as T | undefined,
    set: (key, value) => cache.set(key, value),
    del: (key) => cache.delete(key),
    flushAll: () => cache.clear(),
  };
}

/** Retries come within minutes of a send; the last few hundred cover a blast's pace. */
const SENT_KEPT_IN_MEMORY = 500;

/** The sent-message store of a session the engine gave none: the last few hundred, in memory. */
export function memorySentMessages(): SentMessageStore {
  const kept = new BoundedCache<Uint8Array>(SENT_KEPT_IN_MEMORY);
  return {
    get: async (id) => kept.get(id),
    put: async (id, content) => kept.set(id, content),
  };
}
