/**
 * The small per-session memories the drivers keep (number lookups, retry counters, recent sends, receipts
 * already passed on, uploaded media): a Map with an age limit and a size cap, so that a worker holding
 * thousands of sessions keeps each one's memory small. The oldest entry goes first, and entries past their
 * age go when the next is set, without a timer: a blasting session sets keys for each new contact and
 * reads few of them again, so an age checked only on reading kept the cache full.
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
    const now = Date.now();
    // One age for all: entries expire in the order they were set.
    for (const [oldest, entry] of this.entries) {
      if (entry.until > now) break;
      this.entries.delete(oldest);
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  /** Entries held, those past their age not yet dropped included. */
  get size() {
    return this.entries.size;
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
    // A copy of its own: a small Buffer is a view of an 8 KB pool it would keep alive whole.
    put: async (id, content) => kept.set(id, new Uint8Array(content)),
  };
}
