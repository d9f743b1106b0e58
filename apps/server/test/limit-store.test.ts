/**
 * The Redis limit store as two nodes see it (issue 20 item 13): requests in flight counted across nodes, and
 * the places a node holds renewed while it lives and freed by themselves once it is gone, here with a lease
 * of 300 ms rather than a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLimits, type LimitStore } from '../src/lib/limit-store.ts';
import { withMemoryFallback } from '../src/lib/limit-store-fallback.ts';
import { createRedisLimits } from '../src/lib/limit-store-redis.ts';
import { hasRedis, startRedis } from './redis.ts';

const LEASE_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasRedis && !process.env.CI)('the Redis limit store', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const stores: LimitStore[] = [];
  const node = async () => {
    const store = await createRedisLimits(
      redis.url,
      (error) => {
        throw error;
      },
      LEASE_MS,
    );
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    redis?.stop();
  });

  it('counts one key’s requests in flight on every node, and frees a place when its request ends', async () => {
    const options = { burst: 100, perSecond: 1, inFlight: 2 };
    const [a, b] = [(await node()).budget('flight', options), (await node()).budget('flight', options)];
    const first = await a.enter('7');
    const second = await b.enter('7');
    expect([first.refused, second.refused]).toEqual([null, null]);
    expect(await a.enter('7')).toEqual({ refused: 'inFlight' });
    expect(await b.enter('7')).toEqual({ refused: 'inFlight' });
    expect((await b.enter('8')).refused).toBeNull();
    if (first.refused === null) first.release();
    // The release reaches Redis on the other node's connection: the place is free once it has.
    while ((await b.enter('7')).refused !== null) await sleep(10);
  });

  it('keeps a living node’s places past their lease, and frees a dead node’s by themselves', async () => {
    const living = (await node()).slots('sockets', 2);
    const dying = await node();
    const witness = (await node()).slots('sockets', 2);
    expect(await living.acquire('9')).not.toBeNull();
    expect(await dying.slots('sockets', 2).acquire('9')).not.toBeNull();
    expect(await witness.acquire('9')).toBeNull();
    // Gone without giving its place back, as a node killed with its sockets open.
    await dying.close();
    let freed: (() => void) | null = null;
    while (!freed) {
      freed = await witness.acquire('9');
      if (!freed) await sleep(50);
    }
    // Three leases later the living node's place still counts: it renews it.
    await sleep(3 * LEASE_MS);
    expect(await witness.acquire('9')).toBeNull();
  });
});

describe.skipIf(!hasRedis && !process.env.CI)('the Redis limit store with Redis gone', () => {
  it('counts on this node meanwhile, instead of failing every request it guards', async () => {
    const redis = await startRedis();
    const fallbacks: Error[] = [];
    const shared = await createRedisLimits(redis.url, () => {});
    const store = withMemoryFallback(shared, createMemoryLimits(), (error) => fallbacks.push(error));
    const budget = store.budget('gone', { burst: 2, perSecond: 0.001, inFlight: 10 });
    const strikes = store.strikes('gone', { max: 2, windowMs: 60_000, lockMs: 60_000 });
    try {
      expect((await budget.enter('1')).refused).toBeNull();
      redis.stop();
      while (shared.redis.status === 'ready') await sleep(10);
      // Each answer comes at once from this node's memory, and its limits still hold there.
      expect((await budget.enter('1')).refused).toBeNull();
      expect((await budget.enter('1')).refused).toBeNull();
      expect((await budget.enter('1')).refused).toBe('rate');
      await strikes.strike('a');
      await strikes.strike('a');
      expect(await strikes.lockedMs('a')).toBeGreaterThan(0);
    } finally {
      shared.redis.disconnect();
      redis.stop();
    }
  });
});
