/**
 * The abuse limits' counts in Redis (REDIS_URL), shared by every api node: each check and its count are one
 * Lua script, so two nodes cannot both pass the last place. Times are Redis's own clock (TIME), never a
 * node's. A held place (a live socket, a request in flight) is a member of a sorted set scored by when its
 * lease ends; the node holding it renews the lease while it lives, so the places of a node that died free
 * themselves within a lease. Keys that hold an email or an address are stored as their SHA-256.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Budget, BudgetOptions, LimitStore, Marks, Slots, StrikeOptions, Strikes } from './limit-store.ts';
import { newRedis } from './redis-client.ts';

const PREFIX = 'sewablast:limits:';
/** How long a held place outlives its node's last renewal; the node renews three times a lease. */
const LEASE_MS = 60_000;

/** Redis's clock in milliseconds, for the scripts below. */
const NOW = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** KEYS: count, lock. ARGV: max, windowMs, lockMs. */
const STRIKE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count >= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
end
return count`;

/** KEYS: the set of held places. ARGV: max, member, leaseMs. Answers 1 when the place was taken. */
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** KEYS: sets of held places. ARGV: leaseMs, then for each key its members joined by spaces. */
const RENEW = `${NOW}
local lease = tonumber(ARGV[1])
for index, key in ipairs(KEYS) do
  for member in string.gmatch(ARGV[index + 1], '%S+') do
    redis.call('ZADD', key, 'XX', now + lease, member)
  end
  redis.call('PEXPIRE', key, lease)
end
return 0`;

/**
 * KEYS: the bucket (a hash of tokens and when they were counted), the set of requests in flight.
 * ARGV: burst, perSecond, inFlight, member, leaseMs. Answers {0} taken, {1} too many in flight, {2, seconds} rate.
 * The in-flight cap is checked first, and a refused request takes no token, as in the memory store.
 */
const ENTER = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return {1} end
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local full = math.ceil(burst / rate * 1000) + 1000
if tokens < 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
  redis.call('PEXPIRE', KEYS[1], full)
  return {2, math.ceil((1 - tokens) / rate)}
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', now)
redis.call('PEXPIRE', KEYS[1], full)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[5]), ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return {0}`;

interface LimitCommands {
  strikeLimit(count: string, lock: string, max: number, windowMs: number, lockMs: number): Promise<number>;
  acquireLimit(set: string, max: number, member: string, leaseMs: number): Promise<number>;
  renewLimit(count: number, ...keysThenArgs: (string | number)[]): Promise<number>;
  enterLimit(
    bucket: string,
    set: string,
    burst: number,
    perSecond: number,
    inFlight: number,
    member: string,
    leaseMs: number,
  ): Promise<number[]>;
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

export async function createRedisLimits(
  url: string,
  onError: (error: Error) => void,
  leaseMs = LEASE_MS,
): Promise<LimitStore & { redis: Redis }> {
  const redis = await newRedis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on('error', onError);
  await redis.connect();
  redis.defineCommand('strikeLimit', { numberOfKeys: 2, lua: STRIKE });
  redis.defineCommand('acquireLimit', { numberOfKeys: 1, lua: ACQUIRE });
  redis.defineCommand('renewLimit', { lua: RENEW });
  redis.defineCommand('enterLimit', { numberOfKeys: 2, lua: ENTER });
  const commands = redis as unknown as Redis & LimitCommands;

  const node = randomUUID();
  let sequence = 0;
  /** The places this node holds, by set, renewed until released. */
  const held = new Map<string, Set<string>>();
  const hold = (set: string) => {
    const member = `${node}:${++sequence}`;
    const members = held.get(set) ?? new Set<string>();
    held.set(set, members.add(member));
    return member;
  };
  /** Stops renewing the place; answers whether it was still held. */
  const forget = (set: string, member: string) => {
    const members = held.get(set);
    if (!members?.delete(member)) return false;
    if (members.size === 0) held.delete(set);
    return true;
  };
  let closed = false;
  const release = (set: string, member: string) => () => {
    // After close the connection is gone; the place's lease ends by itself.
    if (forget(set, member) && !closed) redis.zrem(set, member).catch(onError);
  };
  const renewal = setInterval(() => {
    if (held.size === 0) return;
    const sets = [...held.keys()];
    commands
      .renewLimit(sets.length, ...sets, leaseMs, ...sets.map((set) => [...(held.get(set) ?? [])].join(' ')))
      .catch(onError);
  }, leaseMs / 3);
  renewal.unref();

  const strikes = (name: string, options: StrikeOptions): Strikes => {
    const keys = (key: string) => [`${PREFIX}${name}:count:${hashed(key)}`, `${PREFIX}${name}:lock:${hashed(key)}`];
    return {
      async lockedMs(key) {
        return Math.max(0, await redis.pttl(keys(key)[1] as string));
      },
      async strike(key) {
        const [count, lock] = keys(key) as [string, string];
        await commands.strikeLimit(count, lock, options.max, options.windowMs, options.lockMs);
      },
      async clear(key) {
        await redis.del(...keys(key));
      },
    };
  };

  const marks = (name: string, ttlMs: number): Marks => ({
    async has(key) {
      return (await redis.exists(`${PREFIX}${name}:${hashed(key)}`)) === 1;
    },
    async set(key) {
      await redis.set(`${PREFIX}${name}:${hashed(key)}`, '1', 'PX', ttlMs);
    },
  });

  const slots = (name: string, max: number): Slots => ({
    async acquire(key) {
      const set = `${PREFIX}${name}:${key}`;
      const member = hold(set);
      const taken = await commands.acquireLimit(set, max, member, leaseMs).catch((error: unknown) => {
        release(set, member)();
        throw error;
      });
      if (taken === 1) return release(set, member);
      forget(set, member);
      return null;
    },
  });

  const budget = (name: string, options: BudgetOptions): Budget => ({
    async enter(key) {
      const set = `${PREFIX}${name}:flight:${key}`;
      const member = hold(set);
      const [answer, seconds] = await commands
        .enterLimit(
          `${PREFIX}${name}:bucket:${key}`,
          set,
          options.burst,
          options.perSecond,
          options.inFlight,
          member,
          leaseMs,
        )
        .catch((error: unknown) => {
          release(set, member)();
          throw error;
        });
      if (answer === 0) return { refused: null, release: release(set, member) };
      forget(set, member);
      return answer === 1 ? { refused: 'inFlight' } : { refused: 'rate', retryAfterSeconds: seconds ?? 1 };
    },
  });

  return {
    kind: 'redis',
    redis,
    strikes,
    marks,
    slots,
    budget,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(renewal);
      await redis.quit();
    },
  };
}
