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

function storedKeys(lib: BaileysModule, keys: SessionKeyStore, logger: ReturnType<typeof pino>): SignalKeyStore {
  return {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found = await keys.get(ids.map((id) => `${type}:${id}`));
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
          entries[`${type}:${id}`] = value ? toJson(lib, value) : null;
        }
      }
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

/**
 * The cache without pre-keys. A login uploads 812 of them and each is read at most once, when a contact's
 * first message uses it, so cached they were most of an idle session's memory (bench/baileys-sessions):
 * they are read from the store when needed, as anything past the cache's age is.
 */
function withoutPreKeys(cache: CacheStore): CacheStore {
  return {
    get: (key) => (key.startsWith(PRE_KEY) ? undefined : cache.get(key)),
    set: (key, value) => (key.startsWith(PRE_KEY) ? undefined : cache.set(key, value)),
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
  return lib.makeCacheableSignalKeyStore(storedKeys(lib, keys, logger), logger, withoutPreKeys(cache));
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
