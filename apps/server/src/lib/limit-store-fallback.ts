/**
 * A shared limit store that keeps counting when Redis is away. The limits guard every signed-in request:
 * with Redis down, answering each with a 500 would stop the whole service (payouts, blasts' screens) for
 * the sake of abuse counts. So while Redis is not connected, or when a call to it fails, this node counts in
 * its own memory, as one node always does: the limits hold per node until Redis is back.
 */
import type { Redis } from 'ioredis';
import type { Budget, LimitStore, Marks, Slots, Strikes } from './limit-store.ts';

type Shared = LimitStore & { redis: Redis };

export function withMemoryFallback(shared: Shared, local: LimitStore, onFallback: (error: Error) => void): LimitStore {
  let warned = false;
  /** The shared store's answer, or this node's when Redis cannot give one. */
  const either = async <T>(remote: () => Promise<T>, here: () => Promise<T>): Promise<T> => {
    if (shared.redis.status !== 'ready') return here();
    try {
      const answer = await remote();
      warned = false;
      return answer;
    } catch (error) {
      if (!warned) onFallback(error instanceof Error ? error : new Error(String(error)));
      warned = true;
      return here();
    }
  };

  return {
    kind: 'redis',
    redis: shared.redis,
    strikes(name, options): Strikes {
      const [remote, here] = [shared.strikes(name, options), local.strikes(name, options)];
      return {
        lockedMs: (key) =>
          either(
            () => remote.lockedMs(key),
            () => here.lockedMs(key),
          ),
        strike: (key) =>
          either(
            () => remote.strike(key),
            () => here.strike(key),
          ),
        clear: (key) =>
          either(
            () => remote.clear(key),
            () => here.clear(key),
          ),
      };
    },
    marks(name, ttlMs): Marks {
      const [remote, here] = [shared.marks(name, ttlMs), local.marks(name, ttlMs)];
      return {
        has: (key) =>
          either(
            () => remote.has(key),
            () => here.has(key),
          ),
        set: (key) =>
          either(
            () => remote.set(key),
            () => here.set(key),
          ),
      };
    },
    slots(name, max): Slots {
      const [remote, here] = [shared.slots(name, max), local.slots(name, max)];
      return {
        acquire: (key) =>
          either(
            () => remote.acquire(key),
            () => here.acquire(key),
          ),
      };
    },
    budget(name, options): Budget {
      const [remote, here] = [shared.budget(name, options), local.budget(name, options)];
      return {
        enter: (key) =>
          either(
            () => remote.enter(key),
            () => here.enter(key),
          ),
      };
    },
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
