/**
 * Run by baileys-heap.test.ts in a child with `--expose-gc`: opens and closes sessions of the real driver
 * whose sockets are Baileys' own (`makeWASocket` connected to a silent local WebSocket server), as a worker
 * does on every reconnect, takeover or restart, and prints how far the heap grew over `argv[2]` of them
 * after a warm-up.
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { toJson } from '../src/wa/baileys-keys.ts';
import { openWired, silentServer } from './baileys-wire.ts';

const cycles = Number(process.argv[2] ?? 10_000);
const WARM_UP = 300;
const gc = globalThis.gc as () => void;

const wa = await silentServer();
const logger: ReturnType<typeof pino> = pino({ level: 'silent' });
// One linked account reconnecting: its stored credentials are restored each time, as after a restart.
const authState = { creds: toJson(baileys, baileys.initAuthCreds()) };

async function reconnect() {
  const { session, sockets, socket } = await openWired(wa.url, { deviceId: 'heap-1', authState }, { logger });
  while (!(sockets.length === 1 && socket().ws.isOpen)) await new Promise((resolve) => setImmediate(resolve));
  await session.close();
}

async function settle() {
  // Every closed socket has finished closing (the server saw it go) before the heap is read.
  while (wa.server.clients.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  // Baileys' handshake timeout (connectTimeoutMs, 20 s) outlives the socket it guarded and holds it until
  // it fires: bounded, not a leak, so the heap is read after it.
  await new Promise((resolve) => setTimeout(resolve, 21_000));
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
  }
  return process.memoryUsage().heapUsed;
}

for (let i = 0; i < WARM_UP; i++) await reconnect();
const before = await settle();
const steps: number[] = [];
for (let i = 1; i <= cycles; i++) {
  await reconnect();
  if (i % 1000 === 0) steps.push((await settle()) - before);
}
const after = await settle();
await wa.close();
process.stdout.write(JSON.stringify({ cycles, grewBytes: after - before, byThousand: steps }));
process.exit(0);
