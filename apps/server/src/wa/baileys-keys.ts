/**
 * The signal key store Baileys reads and writes, over the engine's store (one JSON entry per key), behind
 * Baileys' own cache (the session's, baileys-caches.ts): a send reads the same sessions and sender keys again and again, and each read would
 * otherwise be a database query.
 */
import type { CacheStore, SignalDataTypeMap, SignalKeyStore } from 'baileys';
import type { pino } from 'pino';
import type { SessionKeyStore } from './driver.ts';

type BaileysModule = typeof import('baileys');

export function revive<T>(lib: BaileysModule, value: unknown): T {
  return JSON.parse(JSON.stringify(value), lib.BufferJSON.reviver) as T;
}

export function toJson(lib: BaileysModule, value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, lib.BufferJSON.replacer));
}

/**
 * Baileys 7's list of every contact given a trusted-contact token (`tctoken` key `__index`,
 * Utils/tc-token-utils.js): it reads the list and writes it back whole, one contact longer, after each send
 * to a new contact, so a blast to n contacts wrote some 15·n² bytes of it. Each contact's token is a row of
 * its own already, read by that key where a send needs it; the list only tells Baileys' daily prune which
 * rows to look at. It is neither stored nor read: the prune sees the contacts of the socket's own life.
 */
const TC_TOKEN_INDEX = '__index';
const isTcTokenIndex = (type: string, id: string) => type === 'tctoken' && id === TC_TOKEN_INDEX;

function storedKeys(lib: BaileysModule, keys: SessionKeyStore, logger: ReturnType<typeof pino>): SignalKeyStore {
  return {
    get: async <T extends keyof SignalDataTypeMap>(type: T, asked: string[]) => {
      const ids = asked.filter((id) => !isTcTokenIndex(type, id));
      const found = ids.length ? await keys.get(ids.map((id) => `${type}:${id}`)) : {};
      const result: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const raw = found[`${type}:${id}`];
        if (raw === undefined || raw === null) continue;
        let value = revive<SignalDataTypeMap[T]>(lib, raw);
        if (type === 'app-state-sync-key')
          value = lib.proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
        result[id] = value;
      }
      return result;
    },
    set: async (data) => {
      const entries: Record<string, unknown> = {};
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          if (isTcTokenIndex(type, id)) continue;
          entries[`${type}:${id}`] = value ? toJson(lib, value) : null;
        }
      }
      if (Object.keys(entries).length === 0) return;
      // Baileys retries a failed commit (10 times, 3 s apart) and logs it only at warn: each failure is
      // said at error, with the account (the session's logger), before Baileys tries again.
      await keys.set(entries).catch((error: unknown) => {
        logger.error({ err: error, keys: Object.keys(entries).length }, 'signal keys not stored');
        throw error;
      });
    },
  };
}

/** Baileys' cache key of a pre-key (makeCacheableSignalKeyStore's `${type}.${id}`). */
const PRE_KEY = 'pre-key.';
const TC_TOKEN_INDEX_CACHED = `tctoken.${TC_TOKEN_INDEX}`;

/**
 * The cache without pre-keys and without the token list. A login uploads 812 pre-keys and each is read at
 * most once, when a contact's first message uses it, so cached they were most of an idle session's memory
 * (bench/baileys-sessions): they are read from the store when needed, as anything past the cache's age is.
 * The token list is never stored (above); cached, Baileys would find it there and grow it again.
 */
function uncached(key: string) {
  return key.startsWith(PRE_KEY) || key === TC_TOKEN_INDEX_CACHED;
}

/** A buffer of its own: a small Buffer is a view of an 8 KB pool that it keeps alive whole. */
function own(value: unknown): unknown {
  if (value instanceof Uint8Array && value.byteLength < value.buffer.byteLength) {
    return Buffer.from(new Uint8Array(value).buffer);
  }
  return value;
}

/**
 * What the cache keeps, its buffers (and a key object's own buffers) copied out of Node's pool: a contact's
 * token (a few dozen bytes) held 8 KB while it was cached.
 */
function unpooled(value: unknown): unknown {
  // Anything but a plain object (a protobuf's class among them) is kept as it is.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    return own(value);
  }
  const entries = Object.entries(value);
  if (!entries.some(([, field]) => own(field) !== field)) return value;
  return Object.fromEntries(entries.map(([name, field]) => [name, own(field)]));
}

function withoutUncached(cache: CacheStore): CacheStore {
  return {
    get: (key) => (uncached(key) ? undefined : cache.get(key)),
    set: (key, value) => (uncached(key) ? undefined : cache.set(key, unpooled(value))),
    del: (key) => cache.del(key),
    flushAll: () => cache.flushAll(),
  };
}

/** The session's key store as Baileys takes it: cached in memory, written through to the engine's store. */
export function signalKeyStore(
  lib: BaileysModule,
  keys: SessionKeyStore,
  logger: ReturnType<typeof pino>,
  cache: CacheStore,
) {
  return lib.makeCacheableSignalKeyStore(storedKeys(lib, keys, logger), logger, withoutUncached(cache));
}

/** Keys for a session opened without a store (tests, one-off tools): kept in memory for its life. */
export function memoryKeyStore(): SessionKeyStore {
  const entries = new Map<string, unknown>();
  return {
    async get(keys) {
      return Object.fromEntries(keys.filter((key) => entries.has(key)).map((key) => [key, entries.get(key)]));
    },
    async set(changes) {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined) entries.delete(key);
        else entries.set(key, value);
      }
    },
  };
}
