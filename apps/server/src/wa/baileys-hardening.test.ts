/**
 * What a real deployment needs of the driver (issue 13), on Baileys' real socket against the fake WhatsApp
 * endpoint (test/fake-wa): the version it announces and WhatsApp's 405, the browser the pairing flow knows,
 * a link that ran out or dropped before it opened, and the traffic a blasting account never reads. Then the
 * session's key store, Baileys' cache before it.
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Phone } from '../../test/fake-wa/phone.ts';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { writeUnreadable } from '../../test/fake-wa/writes.ts';
import { until } from '../../test/until.ts';
import { SessionCaches } from './baileys-caches.ts';
import { memoryKeyStore, signalKeyStore } from './baileys-keys.ts';
import type { SessionEvent, SessionKeyStore } from './driver.ts';

const wa = useFakeWhatsApp();

const silent: ReturnType<typeof pino> = pino({ level: 'silent' });
const states = (events: SessionEvent[]) =>
  events.flatMap((event) => (event.type === 'connection' ? [event.state] : []));
const codes = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'code' ? [event.code] : []));
const versionOf = (at: number) => {
  const version = wa.endpoint.connections[at]?.payload?.userAgent?.appVersion;
  return version ? [version.primary, version.secondary, version.tertiary] : null;
};

describe('the WhatsApp Web version', () => {
  it('is announced as given, a 405 said as an outdated version, and asked again for the retry', async () => {
    let asked = 0;
    let refused = false;
    wa.endpoint.greet = () => {
      if (refused) return undefined;
      refused = true;
      return { failure: { reason: '405' } };
    };
    const { events } = await wa.open(
      {},
      {
        reconnectBaseMs: 20,
        version: async () => {
          asked += 1;
          return [2, 3000, 1029000000 + asked];
        },
      },
    );
    await until(() => wa.endpoint.connections[1]?.payload !== null && wa.endpoint.connections.length === 2, 10_000);
    expect(events.find((event) => event.type === 'connection')).toEqual({
      type: 'connection',
      state: 'outdated',
      reason: 'WhatsApp refused this WhatsApp Web version (405)',
    });
    expect([versionOf(0), versionOf(1)]).toEqual([
      [2, 3000, 1029000001],
      [2, 3000, 1029000002],
    ]);
  });

  it('keeps a linked account reading outdated while it retries, until it connects again', async () => {
    const { events } = await wa.linked({}, { reconnectBaseMs: 20 });
    const before = events.length;
    wa.endpoint.latest().failure({ reason: '405' });
    await until(() => states(events.slice(before)).includes('connected'), 10_000);
    expect(states(events.slice(before))).toEqual(['outdated', 'connected']);
  });
});

describe('linking by pairing code', () => {
  it('registers as a browser the pairing flow knows', async () => {
    await wa.open();
    await until(() => Boolean(wa.endpoint.connections[0]?.payload), 10_000);
    const props = wa.endpoint.connections[0]?.payload?.devicePairingData?.deviceProps;
    const { platformType } = baileys.proto.DeviceProps.decode(props ?? new Uint8Array());
    expect(platformType).toBe(baileys.proto.DeviceProps.PlatformType.CHROME);
  });

  it('starts a second attempt clean after the QR refs ran out, and asks a new code', async () => {
    const number = '6281234567001';
    const { events, sockets } = await wa.open({ pairingNumber: number }, { reconnectBaseMs: 20 }, { qrTimeout: 200 });
    await until(() => sockets.length === 1);
    let refs = 0;
    sockets[0]?.ev.on('connection.update', (update) => {
      if (update.qr) refs += 1;
    });
    await until(() => codes(events).length >= 2 && wa.endpoint.connections.length >= 2, 15_000);
    // One code an attempt, however many QR refs the first went through; the second's is new.
    const [firstCode, secondCode] = codes(events);
    expect([codes(events).length, refs]).toEqual([2, 3]);
    expect(secondCode).not.toBe(firstCode);
    const [first, second] = wa.endpoint.connections;
    // The second registered afresh: new creds, so a new noise key, and no number of the first attempt.
    expect(second?.payload?.devicePairingData).toBeTruthy();
    expect(second?.noiseKey?.equals(first?.noiseKey ?? Buffer.alloc(0))).toBe(false);
    // The creds stored as the first attempt ended (said before the disconnection), before the second asked its code.
    const ended = events.findIndex((event) => event.type === 'connection' && event.reason === 'QR refs attempts ended');
    expect(ended).toBeGreaterThan(-1);
    const cleared = events.slice(0, ended).findLast((event) => event.type === 'auth-state');
    expect(cleared).toMatchObject({ authState: { creds: { registered: false } } });
    expect(JSON.stringify(cleared)).not.toContain(number);
    expect(events.some((event) => event.type === 'connection' && event.reason === 'QR refs attempts ended')).toBe(true);
  });
  it('keeps a device WhatsApp already paired when its connection drops before it opens', async () => {
    const phone = wa.endpoint.addPhone(new Phone('6281234567002', '99000111222334'));
    const { events, configs } = await wa.open({}, { reconnectBaseMs: 20 });
    await until(() => events.some((event) => event.type === 'qr'), 10_000);
    const qr = events.find((event) => event.type === 'qr');
    if (qr?.type !== 'qr') throw new Error('no QR');
    await wa.endpoint.scan(phone, qr.qr, { restart: false });
    await until(() => states(events).includes('connected'), 10_000);
    expect(configs[1]?.auth.creds).toBe(configs[0]?.auth.creds);
    expect(wa.endpoint.latest().payload?.username?.toString()).toBe(phone.number);
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ phonenumber: phone.number });
  });
});

describe('traffic a blasting account never needs', () => {
  it('has Baileys drop groups, broadcasts, status and channels before decrypting them', async () => {
    await wa.linked();
    const rina = wa.endpoint.addContact('6285712345678', '88000111222001');
    const chats = ['120363012345@g.us', 'status@broadcast', '12345@broadcast', '120363@newsletter'];
    for (const [at, chat] of chats.entries()) writeUnreadable(wa.endpoint, chat, rina, `IGN${at}`);
    // A person's message no key opens is tried, and asked for again.
    writeUnreadable(wa.endpoint, `${rina.number}@s.whatsapp.net`, rina, 'PERSON');
    const connection = wa.endpoint.latest();
    await connection.next((node) => node.tag === 'receipt' && node.attrs.type === 'retry');
    await until(
      () =>
        chats.every((_, at) => connection.received.some((node) => node.tag === 'ack' && node.attrs.id === `IGN${at}`)),
      10_000,
    );
    const retried = connection.received.filter((node) => node.tag === 'receipt' && node.attrs.type === 'retry');
    expect(retried.map((node) => node.attrs.id)).toEqual(['PERSON']);
  });
});

describe("the session's signal keys", () => {
  /** The session's key store as the driver gives it to Baileys, over `store`. */
  const keysOver = (store: SessionKeyStore) => signalKeyStore(baileys, store, silent, new SessionCaches().signalKeys);

  it('are kept one entry per key, and read back with their Buffers', async () => {
    const store = memoryKeyStore();
    const keys = keysOver(store);
    const pair = { public: Buffer.from([9, 8]), private: Buffer.from([7, 6]) };
    await keys.set({ 'pre-key': { '1': pair, '2': pair }, session: { '628111.0': Buffer.from([5]) } });
    expect(Object.keys(await store.get(['pre-key:1', 'pre-key:2', 'pre-key:3', 'session:628111.0']))).toEqual([
      'pre-key:1',
      'pre-key:2',
      'session:628111.0',
    ]);
    const read = await keys.get('pre-key', ['1', '3']);
    expect(Object.keys(read)).toEqual(['1']);
    expect(Buffer.isBuffer(read['1']?.private)).toBe(true);
    await keys.set({ 'pre-key': { '1': null } });
    expect(await store.get(['pre-key:1'])).toEqual({});
  });

  it("are read from the database once, through Baileys' cache", async () => {
    const store = memoryKeyStore();
    let reads = 0;
    const keys = keysOver({
      set: (changes) => store.set(changes),
      get: (names) => {
        reads += 1;
        return store.get(names);
      },
    });
    await keys.set({ session: { '628111.0': Buffer.from([5]) } });
    await keys.get('session', ['628111.0']);
    await keys.get('session', ['628111.0']);
    expect(reads).toBe(0);
    await store.set({ 'session:628222.0': { type: 'Buffer', data: 'Bg==' } });
    const first = await keys.get('session', ['628222.0']);
    await keys.get('session', ['628222.0']);
    expect([...(first['628222.0'] ?? [])]).toEqual([6]);
    expect(reads).toBe(1);
  });
});
