/**
 * A test file's fake WhatsApp endpoint: Baileys trusts its test root for the file, each test gets a fresh
 * endpoint and sessions of the real driver connected to it, closed after the test.
 */
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SessionEvent, WaSession } from '../../src/wa/driver.ts';
import { until } from '../baileys-fake.ts';
import { openWired } from '../baileys-wire.ts';
import { FakeWhatsApp } from './endpoint.ts';
import { Phone } from './phone.ts';
import { trustTestRoot } from './trust.ts';

/** How often the session has said it is connected. */
export const connectedCount = (events: SessionEvent[]) =>
  events.filter((event) => event.type === 'connection' && event.state === 'connected').length;

export function useFakeWhatsApp() {
  let endpoint: FakeWhatsApp | null = null;
  const opened: WaSession[] = [];
  let untrust = () => {};
  beforeAll(() => {
    untrust = trustTestRoot();
  });
  afterAll(() => untrust());
  beforeEach(async () => {
    endpoint = await FakeWhatsApp.start();
  });
  afterEach(async () => {
    for (const session of opened.splice(0)) await session.close();
    const failures = endpoint?.failures ?? [];
    await endpoint?.close();
    expect(failures).toEqual([]);
  });
  const current = () => {
    if (!endpoint) throw new Error('the endpoint starts in beforeEach');
    return endpoint;
  };
  return {
    get endpoint() {
      return current();
    },
    /**
     * A session linked through a QR the endpoint's phone scans, back open after the 515 restart;
     * `driverOptions` as `open` takes them.
     */
    async linked(
      ...[open, driverOptions, socketOptions]: Parameters<typeof openWired> extends [string, ...infer Rest]
        ? Rest
        : never
    ) {
      const phone = current().addPhone(new Phone('6281234567001', '99000111222333'));
      const wired = await this.open(open, driverOptions, socketOptions);
      await until(() => wired.events.some((event) => event.type === 'qr'), 10_000);
      const qr = wired.events.find((event) => event.type === 'qr');
      if (qr?.type !== 'qr') throw new Error('no QR');
      await current().scan(phone, qr.qr);
      await until(() => connectedCount(wired.events) === 1, 10_000);
      return { ...wired, phone };
    },
    /** A session of the real driver whose sockets connect to this test's endpoint. */
    async open(
      ...[open, driverOptions, socketOptions]: Parameters<typeof openWired> extends [string, ...infer Rest]
        ? Rest
        : never
    ) {
      // Baileys' own error lines (the 515 "stream errored out" among them) are what these tests provoke.
      const wired = await openWired(
        current().url,
        open,
        { logger: pino({ level: 'silent' }), ...driverOptions },
        socketOptions,
      );
      opened.push(wired.session);
      return wired;
    },
  };
}
