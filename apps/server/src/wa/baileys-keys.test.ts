/**
 * The session's signal key store (baileys-keys.ts) behind Baileys' own cache: what a send reads again and
 * again stays in memory, pre-keys do not (a login writes 812 of them, each read at most once).
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKeyStore, signalKeyStore } from './baileys-keys.ts';
import { BoundedCache, cacheStore } from './bounded-cache.ts';

const silent: ReturnType<typeof pino> = pino({ level: 'silent' });

describe("the session's key store", () => {
  it('keeps sessions in its cache and no pre-key, which is read from the store and gone once used', async () => {
    const cache = new BoundedCache<unknown>(100);
    const stored = memoryKeyStore();
    const keys = signalKeyStore(baileys, stored, silent, cacheStore(cache));
    const preKey = baileys.Curve.generateKeyPair();
    await keys.set({ 'pre-key': { 1: preKey }, session: { '6285712345678.0': Buffer.from('record') } });
    expect(cache.has('session.6285712345678.0')).toBe(true);
    expect(cache.has('pre-key.1')).toBe(false);

    expect(await keys.get('pre-key', ['1'])).toEqual({ 1: preKey });
    expect(cache.has('pre-key.1')).toBe(false);
    // Used by a contact's first message: Baileys removes it, and nothing of it remains.
    await keys.set({ 'pre-key': { 1: null } });
    expect(await keys.get('pre-key', ['1'])).toEqual({});
    expect(await stored.get(['pre-key:1'])).toEqual({});
  });

  it("never stores nor caches Baileys' token list, and caches a token in a buffer of its own", async () => {
    const cache = new BoundedCache<unknown>(100);
    const stored = memoryKeyStore();
    const keys = signalKeyStore(baileys, stored, silent, cacheStore(cache));
    const list = { token: Buffer.from(JSON.stringify(['66000000000001@lid'])) };
    // A token as Baileys makes it: a few bytes in Node's shared 8 KB pool.
    const token = { token: Buffer.from('token-of-6285712345678'), timestamp: '1790000000' };
    expect(token.token.buffer.byteLength).toBeGreaterThan(token.token.byteLength);
    await keys.set({ tctoken: { __index: list, '66000000000001@lid': token } });

    expect(await stored.get(['tctoken:__index'])).toEqual({});
    expect(cache.has('tctoken.__index')).toBe(false);
    expect(await keys.get('tctoken', ['__index'])).toEqual({});
    const cached = cache.get('tctoken.66000000000001@lid') as typeof token;
    expect(cached).toEqual(token);
    expect(cached.token.buffer.byteLength).toBe(cached.token.byteLength);
    expect(Object.keys(await stored.get(['tctoken:66000000000001@lid']))).toEqual(['tctoken:66000000000001@lid']);
  });
});

describe('a bounded cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops the entries past their age when a newer one is set, not only when they are read', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new BoundedCache<number>(100, 60_000);
    cache.set('contact-1', 1);
    cache.set('contact-2', 2);
    vi.advanceTimersByTime(30_000);
    cache.set('contact-3', 3);
    vi.advanceTimersByTime(30_000);
    cache.set('contact-4', 4);
    expect(cache.size).toBe(2);
    expect(cache.get('contact-3')).toBe(3);
  });
});
