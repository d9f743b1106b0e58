import { afterEach, describe, expect, it } from 'vitest';
import { closeOpened, linkedUser, memoryStore, opened, openFake, openLinked, until } from '../../test/baileys-fake.ts';
import { BaileysDriver } from './baileys.ts';
import { digitsOfJid } from './baileys-incoming.ts';
import { proxyAgent } from './baileys-proxy.ts';
import { SendError, type SessionEvent } from './driver.ts';

afterEach(closeOpened);

describe('the Baileys driver against a fake socket', () => {
  it('shows the QR, then announces the linked account once and connects', async () => {
    const { events, socket } = await openFake();
    expect(socket().config).toMatchObject({
      printQRInTerminal: false,
      markOnlineOnConnect: false,
      syncFullHistory: false,
    });
    socket().emit('connection.update', { qr: '2@abc,def' });
    expect(events).toEqual([{ type: 'qr', qr: '2@abc,def' }]);
    socket().user = linkedUser;
    socket().emit('connection.update', { connection: 'open' });
    expect(events.slice(1)).toEqual([
      { type: 'authenticated', phonenumber: '6281234567890', pushname: 'Budi Santoso' },
      { type: 'connection', state: 'connected' },
    ]);
  });

  it('asks a pairing code for the number instead of showing QR codes, once', async () => {
    const { events, socket } = await openFake({ pairingNumber: '6281234567890' });
    socket().emit('connection.update', { qr: 'first' });
    socket().emit('connection.update', { qr: 'second' });
    await until(() => events.some((event) => event.type === 'code'));
    expect(socket().pairingFor).toBe('6281234567890');
    expect(events.filter((event) => event.type !== 'auth-state')).toEqual([{ type: 'code', code: 'ABCDEFGH' }]);
  });

  it('hands over credentials as JSON that revive with their Buffers, and restores without a new QR', async () => {
    const first = await openLinked();
    const noise = Buffer.from([1, 2, 3, 250]);
    first
      .socket()
      .emit('creds.update', { registered: true, advSecretKey: 'secret', noiseKey: { private: noise, public: noise } });
    const handed = first.events.find((event) => event.type === 'auth-state');
    if (handed?.type !== 'auth-state') throw new Error('no auth-state');
    const stored = JSON.parse(JSON.stringify(handed.authState));
    expect(stored.creds.registered).toBe(true);

    const again = await openFake({ authState: stored });
    const creds = again.socket().config.auth.creds;
    expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
    expect([...creds.noiseKey.private]).toEqual([1, 2, 3, 250]);
    again.socket().user = linkedUser;
    again.socket().emit('connection.update', { connection: 'open' });
    // The name its credentials hold is passed on once, for an account linked before names were.
    expect(again.events).toEqual([
      { type: 'connection', state: 'connected' },
      { type: 'profile', pushname: 'Budi Santoso' },
    ]);
  });

  it('keeps signal keys in the key store, one entry per key, and reads them back', async () => {
    const store = memoryStore();
    const { socket } = await openFake({ keyStore: store });
    const keys = socket().config.auth.keys;
    const pair = { public: Buffer.from([9, 8]), private: Buffer.from([7, 6]) };
    await keys.set({ 'pre-key': { '1': pair, '2': pair }, session: { '628111.0': Buffer.from([5]) } });
    expect([...store.entries.keys()].sort()).toEqual(['pre-key:1', 'pre-key:2', 'session:628111.0']);
    const read = await keys.get('pre-key', ['1', '3']);
    expect(Object.keys(read)).toEqual(['1']);
    expect(Buffer.isBuffer(read['1']?.private)).toBe(true);
    await keys.set({ 'pre-key': { '1': null } });
    expect(store.entries.has('pre-key:1')).toBe(false);
  });

  it('reopens at once after the restart Baileys asks for right after a scan', async () => {
    const { events, sockets, socket } = await openFake();
    socket().close(515, 'restart required');
    await until(() => sockets.length === 2);
    expect(events).toEqual([]);
  });

  it('takes three restarts in a row at once, and waits as after a drop from the fourth on', async () => {
    const { events, sockets, socket } = await openFake();
    for (let restart = 1; restart <= 3; restart++) {
      socket().close(515, 'restart required');
      await until(() => sockets.length === restart + 1);
    }
    expect(events).toEqual([]);
    socket().close(515, 'restart required');
    expect(events).toEqual([{ type: 'connection', state: 'disconnected', reason: 'restart required' }]);
    await until(() => sockets.length === 5);
  });

  it('reports a lost connection and reconnects with a backoff', async () => {
    const { events, sockets, socket } = await openLinked();
    socket().close(408, 'timed out');
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'disconnected', reason: 'timed out' });
    await until(() => sockets.length === 2);
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'connecting' });
    socket().emit('connection.update', { connection: 'open' });
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'connected' });
    expect(events.filter((event) => event.type === 'authenticated')).toHaveLength(1);
  });

  it.each([
    [401, [{ type: 'connection', state: 'loggedOut', reason: 'bye' }]],
    [
      406,
      [
        { type: 'banned', reason: 'account banned (406)' },
        { type: 'connection', state: 'loggedOut', reason: 'banned' },
      ],
    ],
    [
      403,
      [
        { type: 'banned', reason: 'account locked (403)' },
        { type: 'connection', state: 'loggedOut', reason: 'banned' },
      ],
    ],
    [440, [{ type: 'connection', state: 'conflict', reason: 'bye' }]],
  ])('ends the session for good on %i, without reconnecting', async (status, expected) => {
    const { events, sockets, socket } = await openLinked();
    const before = events.length;
    socket().close(status, 'bye');
    expect(events.slice(before)).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sockets).toHaveLength(1);
  });

  it('passes on a temporary ban (402) with the end WhatsApp named, keeping the credentials, without reconnecting', async () => {
    const { events, sockets, socket } = await openLinked();
    const before = events.length;
    const error = Object.assign(new Error('Connection Failure'), {
      output: { statusCode: 402 },
      data: { reason: '402', expire: '3600' },
    });
    const now = Date.now();
    socket().emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    expect(events.slice(before)).toEqual([
      { type: 'banned', reason: 'temporarily banned (402)', until: expect.any(Date) },
    ]);
    const until = (events.at(-1) as { until: Date }).until.getTime();
    expect(until).toBeGreaterThanOrEqual(now + 3_600_000);
    expect(until).toBeLessThan(now + 3_700_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sockets).toHaveLength(1);
  });

  it('passes on text and button answers from people, and nothing from itself or groups', async () => {
    const { events, socket } = await openLinked();
    const before = events.length;
    const message = (remoteJid: string, content: object, fromMe = false) => ({
      key: { remoteJid, fromMe, id: 'x' },
      message: content,
    });
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [
        message('6285712345678@s.whatsapp.net', { conversation: 'STOP' }),
        message('6285712345679@s.whatsapp.net', { buttonsResponseMessage: { selectedDisplayText: 'Berhenti' } }),
        message('6285712345670@s.whatsapp.net', { extendedTextMessage: { text: 'halo' } }, true),
        message('1203630@g.us', { conversation: 'grup' }),
      ],
    });
    socket().emit('messages.upsert', {
      type: 'append',
      messages: [message('6285712345671@s.whatsapp.net', { conversation: 'lama' })],
    });
    await expect
      .poll(() => events.slice(before))
      .toEqual([
        { type: 'message', from: '6285712345678', text: 'STOP' },
        { type: 'message', from: '6285712345679', text: 'Berhenti' },
      ]);
  });

  it('sends the caption with the buttons as text lines, typing first, and media by kind', async () => {
    const { session, socket } = await openLinked();
    const sent = await session.sendMessage('6285712345678', {
      text: 'Halo Rina',
      buttons: [{ id: '1', title: 'Kunjungi', url: 'https://contoh.id', type: 'url_button' }],
    });
    expect(socket().sent[0]).toMatchObject({
      jid: '6285712345678@s.whatsapp.net',
      message: { extendedTextMessage: { text: 'Halo Rina\n\nKunjungi: https://contoh.id' } },
      id: sent.id,
    });
    expect(sent.id).toMatch(/^[0-9A-F]{10,}$/);
    expect(socket().presence).toEqual(['subscribe', 'composing', 'paused']);

    const bytes = Buffer.from('media');
    await session.sendMessage('6285712345678', { text: 'Foto', media: { bytes, mime: 'image/png', name: 'a.png' } });
    await session.sendMessage('6285712345678', { text: 'Lagu', media: { bytes, mime: 'audio/mpeg', name: 'a.mp3' } });
    await session.sendMessage('6285712345678', {
      text: 'Berkas',
      media: { bytes, mime: 'application/pdf', name: 'a.pdf' },
    });
    const [image, audio, text, document] = socket()
      .sent.slice(1)
      .map((entry) => entry.message);
    const uploaded = {
      url: expect.stringMatching(/^https:\/\/mmg\.whatsapp\.net\//),
      mediaKey: expect.any(Uint8Array),
    };
    expect(image?.imageMessage).toMatchObject({ caption: 'Foto', mimetype: 'image/png', ...uploaded });
    expect(audio?.audioMessage).toMatchObject({ mimetype: 'audio/mpeg', ...uploaded });
    expect(text?.extendedTextMessage?.text).toBe('Lagu');
    expect(document?.documentMessage).toMatchObject({
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      caption: 'Berkas',
    });
    expect(socket().uploads).toEqual(['image', 'audio', 'document']);
    socket().missing.add('6289900000000');
    expect(await session.checkNumber('6281100000000')).toEqual({ exists: true, name: null });
    expect(await session.checkNumber('6289900000000')).toEqual({ exists: false, name: null });
  });

  it('fails a send that gets no acknowledgement and replaces its socket, and fails one without a connection', async () => {
    const { session, socket } = await openLinked();
    socket().hang = true;
    const timedOut = await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(SendError);
    expect(timedOut).toMatchObject({ kind: 'transient', code: 'timeout' });
    expect(socket().ended).toBe(true);

    socket().close(408);
    const offline = await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error);
    expect(offline).toMatchObject({ kind: 'disconnected' });
  });

  it("fails a send WhatsApp's server refuses, a restriction as such, and one whose connection drops before the ack", async () => {
    const { session, socket } = await openLinked();
    socket().ackError = '479';
    expect(await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'rejected',
      code: 'ack-479',
    });
    socket().ackError = '463';
    expect(await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'restricted',
      code: '463',
      message: 'WhatsApp restricted sending from this account (463)',
    });
    socket().ackError = null;
    const fake = socket();
    const original = fake.frames.emit.bind(fake.frames);
    fake.frames.emit = (event: string | symbol, ...args: unknown[]) => {
      if (event === 'CB:ack,class:message') {
        fake.close(428);
        return true;
      }
      return original(event, ...args);
    };
    expect(await session.sendMessage('6285712345678', { text: 'x' }).catch((error: unknown) => error)).toMatchObject({
      kind: 'disconnected',
    });
  });

  it('stops reconnecting once closed, and logs out through the socket', async () => {
    const first = await openLinked();
    await first.session.close();
    expect(first.socket().ended).toBe(true);
    first.socket().close(408);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(first.sockets).toHaveLength(1);

    const second = await openLinked();
    await second.session.logout();
    expect(second.socket().loggedOut).toBe(true);
  });

  it('makes an agent of every proxy form the proxy list accepts', () => {
    expect(proxyAgent(null)).toBeUndefined();
    expect(proxyAgent('10.0.0.1:3128')).toMatchObject({ proxy: { href: 'http://10.0.0.1:3128/' } });
    expect(proxyAgent('user:rahasia@10.0.0.1:3128')).toMatchObject({
      proxy: { username: 'user', host: '10.0.0.1:3128' },
    });
    expect(proxyAgent('https://10.0.0.1:443')).toMatchObject({ proxy: { protocol: 'https:' } });
    expect(proxyAgent('socks5://10.0.0.1:1080')).toMatchObject({ proxy: { host: '10.0.0.1', port: 1080, type: 5 } });
  });

  it('reads the phone number out of a JID', () => {
    expect(digitsOfJid('6281234567890:3@s.whatsapp.net')).toBe('6281234567890');
    expect(digitsOfJid('6281234567890@s.whatsapp.net')).toBe('6281234567890');
  });
});

describe('the real Baileys module, with no way to reach WhatsApp', () => {
  it('loads on demand and reports the failed connection instead of crashing', async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    try {
      const driver = new BaileysDriver({ reconnectBaseMs: 60_000 });
      const session = await driver.open({
        deviceId: 'offline-1',
        authState: null,
        pairingNumber: null,
        // Nothing listens here, so the connection fails fast whether or not this machine has a network.
        proxy: 'http://127.0.0.1:9',
      });
      opened.push(session);
      const events: SessionEvent[] = [];
      session.subscribe((event) => events.push(event));
      await until(() => events.some((event) => event.type === 'connection'), 30_000);
      expect(events.find((event) => event.type === 'connection')).toMatchObject({ state: 'disconnected' });
      expect(events.some((event) => event.type === 'qr')).toBe(false);
      expect(crashes).toEqual([]);
    } finally {
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    }
  }, 40_000);
});
