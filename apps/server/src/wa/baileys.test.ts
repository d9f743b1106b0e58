/**
 * A session's life on Baileys' real socket against the fake WhatsApp endpoint (test/fake-wa): restored from
 * stored creds, restarted (515), dropped and back, ended for good by a ban, a lock, a logout or another
 * client, and closed. Then the driver's pure parts, and the real module with no WhatsApp to reach.
 */
import { describe, expect, it } from 'vitest';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import { BaileysDriver } from './baileys.ts';
import { digitsOfJid } from './baileys-incoming.ts';
import { proxyAgent } from './baileys-proxy.ts';
import type { SessionEvent, WaSession } from './driver.ts';

const wa = useFakeWhatsApp();

/** The connection states the session said, as it said them: one per change, none repeated. */
const states = (events: SessionEvent[]) =>
  events.flatMap((event) => (event.type === 'connection' ? [event.state] : []));
const logins = () => wa.endpoint.connections.filter((connection) => !connection.payload?.devicePairingData);

/**
 * Lets every timer due before `ms` run. A reconnect the driver scheduled `reconnectBaseMs: 1` ahead is due
 * first, so whether it came is known after this, whatever the machine's load (timers run in due order).
 */
const pastReconnect = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a session restored from stored creds', () => {
  it('revives them from JSON with their Buffers and logs in without a QR, passing on the name they hold once', async () => {
    const first = await wa.linked();
    const handed = first.events.findLast((event) => event.type === 'auth-state');
    if (handed?.type !== 'auth-state') throw new Error('no auth-state');
    await first.session.close();
    const stored = JSON.parse(JSON.stringify(handed.authState));
    expect(stored.creds.me.id).toBe(wa.endpoint.linkedJid());
    // An account linked before names were passed on: its creds hold a name nobody was told.
    stored.creds.me.name = 'Budi Santoso';

    const again = await wa.open({ authState: stored });
    await until(() => states(again.events).includes('connected'), 10_000);
    expect(Buffer.isBuffer(again.configs[0]?.auth.creds.noiseKey.private)).toBe(true);
    expect(again.events.filter((event) => event.type !== 'auth-state')).toEqual([
      { type: 'connection', state: 'connecting' },
      // Baileys updates the creds at the login's success, before the connection opens.
      { type: 'profile', pushname: 'Budi Santoso' },
      { type: 'connection', state: 'connected' },
    ]);
    expect(wa.endpoint.latest().payload?.username?.toString()).toBe(first.phone.number);
  });
});

describe('restarts WhatsApp asks for (515)', () => {
  it('takes three in a row at once, and waits as after a drop from the fourth on', async () => {
    let restarted = 0;
    wa.endpoint.greet = (connection) =>
      !connection.payload?.devicePairingData && restarted++ < 3 ? { streamError: 515 } : undefined;
    // The scan's own 515 is the first; the next three logins are answered with 515 too.
    const { events } = await wa.link({}, { reconnectBaseMs: 20 });
    expect(logins()).toHaveLength(4);
    expect(states(events)).toEqual(['disconnected', 'connected']);
    expect(events.find((event) => event.type === 'connection')).toEqual({
      type: 'connection',
      state: 'disconnected',
      reason: 'Stream Errored (restart required)',
    });
  });
});

describe('a dropped connection', () => {
  it('is reported, and the session logs in again after a backoff', async () => {
    const { events } = await wa.linked({}, { reconnectBaseMs: 20 });
    wa.endpoint.latest().terminate();
    await until(() => states(events).filter((state) => state === 'connected').length === 2, 10_000);
    expect(states(events)).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
    expect(events.find((event) => event.type === 'connection' && event.state === 'disconnected')).toMatchObject({
      reason: expect.any(String),
    });
    expect(logins()).toHaveLength(2);
    expect(events.filter((event) => event.type === 'authenticated')).toEqual([]);
  });
});

describe('a session WhatsApp ends for good', () => {
  const ends: [string, (session: { events: SessionEvent[] }) => void, SessionEvent[]][] = [
    [
      'the device removed from the phone (401)',
      () => wa.endpoint.latest().streamError(401, { tag: 'conflict', attrs: { type: 'device_removed' } }),
      [{ type: 'connection', state: 'loggedOut', reason: 'Stream Errored (conflict)' }],
    ],
    [
      'a ban (406)',
      () => wa.endpoint.latest().failure({ reason: '406' }),
      [
        { type: 'banned', reason: 'account banned (406)' },
        { type: 'connection', state: 'loggedOut', reason: 'banned' },
      ],
    ],
    [
      'a locked account (403)',
      () => wa.endpoint.latest().failure({ reason: '403' }),
      [
        { type: 'banned', reason: 'account locked (403)' },
        { type: 'connection', state: 'loggedOut', reason: 'banned' },
      ],
    ],
    [
      'another client taking the session (440)',
      () => wa.endpoint.latest().streamError(null, { tag: 'conflict', attrs: { type: 'replaced' } }),
      [{ type: 'connection', state: 'conflict', reason: 'Stream Errored (conflict)' }],
    ],
  ];

  it.each(ends)('on %s, without logging in again', async (_, end, expected) => {
    const session = await wa.linked({}, { reconnectBaseMs: 1 });
    const before = session.events.length;
    end(session);
    await until(() => session.events.length >= before + expected.length, 10_000);
    await pastReconnect();
    expect(session.events.slice(before)).toEqual(expected);
    expect(session.sockets).toHaveLength(1);
    expect(logins()).toHaveLength(1);
  });

  it('passes on a temporary ban (402) with the end WhatsApp named, keeping the credentials, without logging in again', async () => {
    const { events, sockets } = await wa.linked({}, { reconnectBaseMs: 1 });
    const before = events.length;
    const now = Date.now();
    wa.endpoint.latest().failure({ reason: '402', expire: '3600' });
    await until(() => events.length > before, 10_000);
    await pastReconnect();
    expect(events.slice(before)).toEqual([
      { type: 'banned', reason: 'temporarily banned (402)', until: expect.any(Date) },
    ]);
    const end = (events.at(-1) as { until: Date }).until.getTime();
    expect(end).toBeGreaterThanOrEqual(now + 3_600_000);
    expect(end).toBeLessThan(now + 3_700_000);
    expect(sockets).toHaveLength(1);
    expect(logins()).toHaveLength(1);
  });
});

describe('a session the engine ends', () => {
  it('stops logging in once closed', async () => {
    const { session, sockets } = await wa.linked({}, { reconnectBaseMs: 1 });
    const connection = wa.endpoint.latest();
    await session.close();
    await until(() => connection.closed, 10_000);
    await pastReconnect();
    expect(sockets).toHaveLength(1);
    expect(logins()).toHaveLength(1);
  });

  it('logs out through the socket: WhatsApp is asked to remove the companion device', async () => {
    const { session } = await wa.linked();
    const connection = wa.endpoint.latest();
    await (session as WaSession).logout();
    const removal = await connection.next((node) => node.tag === 'iq' && node.attrs.xmlns === 'md');
    expect(removal.content).toEqual([
      { tag: 'remove-companion-device', attrs: { jid: wa.endpoint.linkedJid(), reason: 'user_initiated' } },
    ]);
  });
});

describe("the driver's pure parts", () => {
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
    let session: WaSession | null = null;
    try {
      const driver = new BaileysDriver({ reconnectBaseMs: 60_000 });
      session = await driver.open({
        deviceId: 'offline-1',
        authState: null,
        pairingNumber: null,
        // Nothing listens here, so the connection fails fast whether or not this machine has a network.
        proxy: 'http://127.0.0.1:9',
      });
      const events: SessionEvent[] = [];
      session.subscribe((event) => events.push(event));
      await until(() => events.some((event) => event.type === 'connection'), 30_000);
      expect(events.find((event) => event.type === 'connection')).toMatchObject({ state: 'disconnected' });
      expect(events.some((event) => event.type === 'qr')).toBe(false);
      expect(crashes).toEqual([]);
    } finally {
      await session?.close();
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    }
  }, 40_000);
});
