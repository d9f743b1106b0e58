/**
 * What a real deployment needs of the driver (issue 13), proven with Baileys' own code: its error nodes,
 * its version handling, its browser table, its key-store cache and its message normalisation.
 */
import * as baileys from 'baileys';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeOpened, memoryStore, openFake, openLinked, until } from '../../test/baileys-fake.ts';
import { forgetWaWebVersion } from './baileys-version.ts';

afterEach(closeOpened);

/** The error Baileys throws for a query WhatsApp answers with an error node (assertNodeErrorFree). */
function queryError(code: number, text: string): Error {
  try {
    baileys.assertNodeErrorFree({
      tag: 'iq',
      attrs: { type: 'error' },
      content: [{ tag: 'error', attrs: { code: String(code), text } }],
    });
  } catch (error) {
    return error as Error;
  }
  throw new Error('no error node');
}

describe('numbers that are not on WhatsApp', () => {
  it('fails the send for good without sending, and asks WhatsApp once per number', async () => {
    const { session, socket } = await openLinked();
    socket().missing.add('6289900000000');
    const failure = await session.sendMessage('6289900000000', { text: 'x' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'rejected', code: 'not-on-whatsapp' });
    expect(socket().sent).toEqual([]);
    expect(socket().presence).toEqual([]);

    await session.sendMessage('6285712345678', { text: 'a' });
    await session.sendMessage('6285712345678', { text: 'b' });
    expect(await session.checkNumber('6289900000000')).toEqual({ exists: false, name: null });
    expect(socket().lookups).toBe(2);
    expect(socket().sent.map((entry) => entry.jid)).toEqual([
      '6285712345678@s.whatsapp.net',
      '6285712345678@s.whatsapp.net',
    ]);
  });

  it("reads a query error's code from Boom data, not the 500 Baileys puts on its output", async () => {
    const rateLimited = queryError(429, 'rate-overlimit');
    expect(rateLimited).toMatchObject({ output: { statusCode: 500 }, data: 429 });
    const { session, socket } = await openLinked();
    socket().queryError = queryError(406, 'not-acceptable');
    const refused = await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'rejected', code: '406' });
    socket().queryError = queryError(403, 'forbidden');
    expect(await session.checkNumber('6285712345678').catch((error: unknown) => error)).toMatchObject({
      kind: 'banned',
    });
    expect(socket().sent).toEqual([]);
  });

  it('subscribes to the contact before showing "typing..."', async () => {
    const { session, socket } = await openLinked();
    await session.sendMessage('6285712345678', { text: 'x' });
    expect(socket().presence).toEqual(['subscribe', 'composing', 'paused']);
  });
});

describe('the WhatsApp Web version', () => {
  beforeEach(forgetWaWebVersion);

  it('announces the version it is given, and says a 405 as an outdated version, asking again on the retry', async () => {
    let asked = 0;
    const { events, sockets, socket } = await openFake({
      version: async () => {
        asked += 1;
        return [2, 3000, 1029000000 + asked];
      },
    });
    expect(socket().config.version).toEqual([2, 3000, 1029000001]);
    socket().close(405, 'Connection Failure');
    expect(events.at(-1)).toEqual({
      type: 'connection',
      state: 'outdated',
      reason: 'WhatsApp refused this WhatsApp Web version (405)',
    });
    await until(() => sockets.length === 2);
    expect(socket().config.version).toEqual([2, 3000, 1029000002]);
  });

  it('keeps a linked account reading outdated while it retries, until it connects again', async () => {
    const { events, sockets, socket } = await openLinked();
    const before = events.length;
    socket().close(405, 'Connection Failure');
    await until(() => sockets.length === 2);
    socket().emit('connection.update', { connection: 'connecting' });
    expect(events.slice(before).map((event) => event.type === 'connection' && event.state)).toEqual(['outdated']);
    socket().emit('connection.update', { connection: 'open' });
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'connected' });
  });
});

describe('linking by pairing code', () => {
  it('registers as a browser the pairing flow knows', async () => {
    const { socket } = await openFake();
    const [, browser = ''] = socket().config.browser ?? [];
    expect(baileys.proto.DeviceProps.PlatformType[browser.toUpperCase() as 'CHROME']).toBeDefined();
  });

  it('starts a second attempt clean after the QR refs run out, and asks a new code', async () => {
    const { events, sockets, socket } = await openFake({ pairingNumber: '6281234567890' });
    socket().emit('connection.update', { qr: 'ref-1' });
    await until(() => events.some((event) => event.type === 'code'));
    expect(socket().config.auth.creds.me?.id).toBe('6281234567890@s.whatsapp.net');

    socket().close(408, 'QR refs attempts ended');
    await until(() => sockets.length === 2);
    const fresh = socket().config.auth.creds;
    expect(fresh.me).toBeUndefined();
    expect(fresh.pairingCode).toBeUndefined();
    const stored = events.filter((event) => event.type === 'auth-state').at(-1);
    expect(stored).toMatchObject({ authState: { creds: { registered: false } } });
    expect(JSON.stringify(stored)).not.toContain('6281234567890');

    socket().emit('connection.update', { qr: 'ref-2' });
    await until(() => events.filter((event) => event.type === 'code').length === 2);
    expect(socket().pairingFor).toBe('6281234567890');
  });

  it('keeps a device WhatsApp already paired when its connection drops before it opens', async () => {
    const { sockets, socket } = await openFake();
    const paired = socket().config.auth.creds;
    socket().emit('creds.update', {
      me: { id: '6281234567890:3@s.whatsapp.net' },
      account: { details: Buffer.from([1]) },
    });
    socket().close(408, 'timed out');
    await until(() => sockets.length === 2);
    expect(socket().config.auth.creds).toBe(paired);
    expect(socket().config.auth.creds.me?.id).toBe('6281234567890:3@s.whatsapp.net');
  });
});

describe('traffic a blasting account never needs', () => {
  it('has Baileys drop groups, broadcasts, status and channels before decrypting them', async () => {
    const { socket } = await openFake();
    const ignore = socket().config.shouldIgnoreJid;
    if (!ignore) throw new Error('no shouldIgnoreJid');
    expect(['120363012345@g.us', 'status@broadcast', '12345@broadcast', '120363@newsletter'].map(ignore)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(ignore('6285712345678@s.whatsapp.net')).toBe(false);
    expect(ignore('123456789@lid')).toBe(false);
  });

  it("reads each signal key from the database once, through Baileys' cache", async () => {
    const store = memoryStore();
    let reads = 0;
    const counted = {
      ...store,
      get: (keys: string[]) => {
        reads += 1;
        return store.get(keys);
      },
    };
    const { socket } = await openFake({ keyStore: counted });
    const keys = socket().config.auth.keys;
    await keys.set({ session: { '628111.0': Buffer.from([5]) } });
    expect(store.entries.has('session:628111.0')).toBe(true);
    await keys.get('session', ['628111.0']);
    await keys.get('session', ['628111.0']);
    expect(reads).toBe(0);
    store.entries.set('session:628222.0', { type: 'Buffer', data: 'Bg==' });
    const first = await keys.get('session', ['628222.0']);
    await keys.get('session', ['628222.0']);
    expect([...(first['628222.0'] ?? [])]).toEqual([6]);
    expect(reads).toBe(1);
  });

  it('hears STOP inside disappearing and view-once messages', async () => {
    const { events, socket } = await openLinked();
    const before = events.length;
    const from = (n: number) => ({ remoteJid: `62857123456${n}@s.whatsapp.net`, fromMe: false, id: `m${n}` });
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [
        { key: from(70), message: { ephemeralMessage: { message: { extendedTextMessage: { text: 'STOP' } } } } },
        { key: from(71), message: { viewOnceMessageV2: { message: { conversation: 'STOP' } } } },
        {
          key: from(72),
          message: { ephemeralMessage: { message: { viewOnceMessage: { message: { conversation: 'stop' } } } } },
        },
      ],
    });
    await expect
      .poll(() => events.slice(before))
      .toEqual([
        { type: 'message', from: '6285712345670', text: 'STOP' },
        { type: 'message', from: '6285712345671', text: 'STOP' },
        { type: 'message', from: '6285712345672', text: 'stop' },
      ]);
  });
});
