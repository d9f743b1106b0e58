/**
 * A test file's wiring to Baileys' real socket (baileys-wire.ts): a silent server for each test, and the
 * sessions opened on it, closed after it. Apart from baileys-wire.ts so that processes outside the test
 * runner (reconnect-heap-child.ts) use the wire without vitest's hooks.
 */
import type { BinaryNode } from 'baileys';
import { afterEach, beforeEach } from 'vitest';
import type { WaSession } from '../src/wa/driver.ts';
import { until } from './baileys-fake.ts';
import { openWired, silentServer } from './baileys-wire.ts';

/** `open` gives a session of the real driver whose one socket is connected to this test's silent server. */
export function useWire() {
  let server: Awaited<ReturnType<typeof silentServer>> | null = null;
  const opened: WaSession[] = [];
  beforeEach(async () => {
    server = await silentServer();
  });
  afterEach(async () => {
    for (const session of opened.splice(0)) await session.close();
    await server?.close();
  });
  return {
    async open(...options: Parameters<typeof openWired> extends [string, ...infer Rest] ? Rest : never) {
      if (!server) throw new Error('the silent server starts in beforeEach');
      const wired = await openWired(server.url, ...options);
      opened.push(wired.session);
      await until(() => wired.sockets.length === 1 && wired.socket().ws.isOpen);
      return wired;
    },
    /** Hands every frame Baileys writes to this test's server to `take`. */
    listen(take: (node: BinaryNode) => void) {
      server?.listeners.add(take);
    },
  };
}
