/**
 * The session's signal key store (baileys-keys.ts) behind Baileys' own cache: what a send reads again and
 * again stays in memory, pre-keys do not (a login writes 812 of them, each read at most once).
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
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
});
