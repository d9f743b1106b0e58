/**
 * A test file's fake WhatsApp endpoint: Baileys trusts its test root for the file, one endpoint serves the
 * file's tests (reset after each), and each test gets sessions of the real driver connected to it, closed
 * after the test. Linking costs most of a test's time, so the file links its account once through a QR and
 * each test that only needs a linked session logs in with what that link stored.
 */
import type { UserFacingSocketConfig } from 'baileys';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { BaileysDriverOptions } from '../../src/wa/baileys.ts';
import { memoryKeyStore } from '../../src/wa/baileys-keys.ts';
import type { OpenSessionOptions, SessionEvent, SessionKeyStore, WaSession } from '../../src/wa/driver.ts';
import { openWired } from '../baileys-wire.ts';
import { until } from '../until.ts';
import { FakeWhatsApp } from './endpoint.ts';
import type { Peer } from './peer.ts';
import { Phone } from './phone.ts';
import { trustTestRoot } from './trust.ts';

/** How often the session has said it is connected. */
export const connectedCount = (events: SessionEvent[]) =>
  events.filter((event) => event.type === 'connection' && event.state === 'connected').length;

export const qrsOf = (events: SessionEvent[]) => events.flatMap((event) => (event.type === 'qr' ? [event.qr] : []));

type Open = [
  open?: Partial<OpenSessionOptions>,
  driverOptions?: BaileysDriverOptions,
  socketOptions?: Partial<UserFacingSocketConfig>,
];

/** What the file's one QR link left: the phone and its keys, the stored creds and signal keys. */
interface StoredLink {
  phone: Phone;
  phoneDevice: Peer;
  authState: unknown;
  keys: Record<string, unknown>;
}

/** A key store that keeps a copy of every key written, so that a link's keys can be handed on. */
function recordingStore(): SessionKeyStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
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

export function useFakeWhatsApp() {
  let endpoint: FakeWhatsApp | null = null;
  let stored: StoredLink | null = null;
  const opened: WaSession[] = [];
  let untrust = () => {};
  beforeAll(async () => {
    untrust = trustTestRoot();
    endpoint = await FakeWhatsApp.start();
  });
  afterAll(async () => {
    await endpoint?.close();
    untrust();
  });
  afterEach(async () => {
    for (const session of opened.splice(0)) await session.close();
    const failures = [...(endpoint?.failures ?? [])];
    endpoint?.reset();
    if (stored) endpoint?.addPhone(stored.phone, stored.phoneDevice);
    expect(failures).toEqual([]);
  });
  const current = () => {
    if (!endpoint) throw new Error('the endpoint starts in beforeAll');
    return endpoint;
  };
  const wa = {
    get endpoint() {
      return current();
    },
    /** A session of the real driver whose sockets connect to this file's endpoint. */
    async open(...[open, driverOptions, socketOptions]: Open) {
      // Baileys' own error lines (the 515 "stream errored out" among them) are what these tests provoke.
      const wired = await openWired(
        current().url,
        open,
        { logger: pino({ level: 'silent' }), ...driverOptions },
        socketOptions,
        (...upload) => current().media.upload(...upload),
      );
      opened.push(wired.session);
      return wired;
    },
    /**
     * A session linked here and now through a QR the endpoint's phone scans, back open after the 515
     * restart.
     */
    async link(...[open, driverOptions, socketOptions]: Open) {
      const phone = current().addPhone(new Phone('6281234567001', '99000111222333'));
      const wired = await wa.open(open, driverOptions, socketOptions);
      await until(() => qrsOf(wired.events).length > 0, 10_000);
      await current().scan(phone, qrsOf(wired.events)[0] as string);
      await until(() => connectedCount(wired.events) === 1, 10_000);
      return { ...wired, phone };
    },
    /**
     * A linked session: logged in with the creds and keys of the file's one QR link (made by the first
     * test that asks), as a restart opens a linked account. `open.keyStore`, when given, gets the link's keys.
     */
    async linked(...[open = {}, driverOptions, socketOptions]: Open) {
      if (!stored) {
        const keyStore = recordingStore();
        const first = await wa.link({ keyStore }, driverOptions, socketOptions);
        const creds = first.events.findLast((event) => event.type === 'auth-state');
        if (creds?.type !== 'auth-state') throw new Error('the link stored no creds');
        await first.session.close();
        const phoneDevice = current().phoneDevices.get(first.phone.number) as Peer;
        stored = {
          phone: first.phone,
          phoneDevice,
          authState: creds.authState,
          keys: Object.fromEntries(keyStore.entries),
        };
      }
      const keyStore = open.keyStore ?? memoryKeyStore();
      await keyStore.set(stored.keys);
      const wired = await wa.open(
        { authState: JSON.parse(JSON.stringify(stored.authState)), ...open, keyStore },
        driverOptions,
        socketOptions,
      );
      await until(() => connectedCount(wired.events) === 1, 10_000);
      return { ...wired, phone: stored.phone };
    },
  };
  return wa;
}
