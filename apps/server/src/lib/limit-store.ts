/**
 * Where the abuse limits keep their counts (DESIGN §9): the sign-in and sign-up locks, the per-user request
 * budget and the live channel's socket cap. In this process's memory for one node; in Redis when REDIS_URL
 * is set (`limit-store-redis.ts`), so that N api nodes share one budget rather than giving N times it.
 * Both answer the same questions through the same four shapes below.
 */

import type { Redis } from 'ioredis';

/** Failures counted per key in a window; at `max` the key is locked for `lockMs` and the count starts again. */
export interface StrikeOptions {
  max: number;
  windowMs: number;
  lockMs: number;
}

export interface Strikes {
  /** Milliseconds left of the key's lock, 0 when it is not locked. */
  lockedMs(key: string): Promise<number>;
  strike(key: string): Promise<void>;
  /** Forgets the key's failures and its lock. */
  clear(key: string): Promise<void>;
}

/** Keys remembered for a while: an address a user signed in from. */
export interface Marks {
  has(key: string): Promise<boolean>;
  set(key: string): Promise<void>;
}

/** Up to `max` held at once per key (a user's live sockets); each is held until released. */
export interface Slots {
  /** The release of the slot taken, or null when the key already holds `max`. */
  acquire(key: string): Promise<(() => void) | null>;
}

export interface BudgetOptions {
  /** Requests a key may send at once before the steady rate applies. */
  burst: number;
  /** Requests per second a key may keep sending. */
  perSecond: number;
  /** Requests of one key being worked on at the same time. */
  inFlight: number;
}

export type BudgetAnswer =
  | { refused: 'inFlight' }
  | { refused: 'rate'; retryAfterSeconds: number }
  | { refused: null; release: () => void };

/** A token bucket (a burst, then a steady rate) and a cap on requests in flight, per key. */
export interface Budget {
  enter(key: string): Promise<BudgetAnswer>;
}

export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** The Redis connection of a shared store, for @fastify/rate-limit's per-route limits to count in too. */
  readonly redis?: Redis;
  strikes(name: string, options: StrikeOptions): Strikes;
  marks(name: string, ttlMs: number): Marks;
  slots(name: string, max: number): Slots;
  budget(name: string, options: BudgetOptions): Budget;
  close(): Promise<void>;
}

/** Entries one memory map keeps at most; the oldest go first, so a flood of names cannot grow memory. */
const MAX_ENTRIES = 100_000;

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

interface Failures {
  count: number;
  since: number;
  lockedUntil: number;
}

function memoryStrikes(options: StrikeOptions, maxEntries: number): Strikes {
  const failures = new BoundedMap<Failures>(maxEntries);
  return {
    async lockedMs(key) {
      return Math.max(0, (failures.get(key)?.lockedUntil ?? 0) - Date.now());
    },
    async strike(key) {
      const now = Date.now();
      const current = failures.get(key);
      const entry =
        current && current.since + options.windowMs > now ? current : { count: 0, since: now, lockedUntil: 0 };
      entry.count += 1;
      if (entry.count >= options.max) {
        entry.lockedUntil = now + options.lockMs;
        entry.count = 0;
        entry.since = now;
      }
      failures.set(key, entry);
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}

function memoryMarks(ttlMs: number, maxEntries: number): Marks {
  const marked = new BoundedMap<number>(maxEntries);
  return {
    async has(key) {
      return (marked.get(key) ?? 0) + ttlMs > Date.now();
    },
    async set(key) {
      marked.set(key, Date.now());
    },
  };
}

function memorySlots(max: number): Slots {
  const held = new Map<string, number>();
  return {
    async acquire(key) {
      if ((held.get(key) ?? 0) >= max) return null;
      held.set(key, (held.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
  };
}

interface Usage {
  tokens: number;
  refilledAt: number;
  inFlight: number;
}

function memoryBudget(options: BudgetOptions, sweeps: NodeJS.Timeout[]): Budget {
  const usage = new Map<string, Usage>();
  // Keys that went quiet with a full bucket need no entry.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, use] of usage) {
      const full = use.tokens + ((now - use.refilledAt) / 1000) * options.perSecond >= options.burst;
      if (full && use.inFlight === 0) usage.delete(key);
    }
  }, 60_000);
  sweep.unref();
  sweeps.push(sweep);
  return {
    async enter(key) {
      const now = Date.now();
      const use = usage.get(key) ?? { tokens: options.burst, refilledAt: now, inFlight: 0 };
      usage.set(key, use);
      use.tokens = Math.min(options.burst, use.tokens + ((now - use.refilledAt) / 1000) * options.perSecond);
      use.refilledAt = now;
      if (use.inFlight >= options.inFlight) return { refused: 'inFlight' };
      if (use.tokens < 1) {
        return { refused: 'rate', retryAfterSeconds: Math.ceil((1 - use.tokens) / options.perSecond) };
      }
      use.tokens -= 1;
      use.inFlight += 1;
      let released = false;
      return {
        refused: null,
        release: () => {
          if (released) return;
          released = true;
          use.inFlight -= 1;
        },
      };
    },
  };
}

/** The counts in this process: right for one node, N times the limits for N nodes. */
export function createMemoryLimits(maxEntries = MAX_ENTRIES): LimitStore {
  const sweeps: NodeJS.Timeout[] = [];
  return {
    kind: 'memory',
    strikes: (_name, options) => memoryStrikes(options, maxEntries),
    marks: (_name, ttlMs) => memoryMarks(ttlMs, maxEntries),
    slots: (_name, max) => memorySlots(max),
    budget: (_name, options) => memoryBudget(options, sweeps),
    async close() {
      for (const sweep of sweeps) clearInterval(sweep);
    },
  };
}
