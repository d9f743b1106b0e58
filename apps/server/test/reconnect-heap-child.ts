/**
 * Run by baileys-heap.test.ts in a child with `--expose-gc`: opens and closes sessions of the real driver
 * whose sockets are Baileys' own (`makeWASocket` connected to a silent local WebSocket server), as a worker
 * does on every reconnect, takeover or restart, and prints how far the heap grew over `argv[2]` of them
 * after a warm-up, and how far two reads of a heap at rest differ (the reading's own noise).
 */
import * as baileys from 'baileys';
import { pino } from 'pino';
import { toJson } from '../src/wa/baileys-keys.ts';
import { openWired, silentServer } from './baileys-wire.ts';

const cycles = Number(process.argv[2] ?? 10_000);
const WARM_UP = 300;
// Baileys' handshake timeout (connectTimeoutMs) outlives the socket it guarded and holds it until it fires:
// bounded, not a leak, so the heap is read once the last one has fired. The silent server never answers the
// handshake, and each session is closed as soon as its socket opens, before any timeout could matter, so
// the 20 s default is only waited out here: 3 s holds every socket past its close just the same, and the
// two readings at rest wait 4 s, not 21 s, each.
const HANDSHAKE_TIMEOUT_MS = 3_000;
const gc = globalThis.gc as () => void;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const wa = await silentServer();
const logger: ReturnType<typeof pino> = pino({ level: 'silent' });
// One linked account reconnecting: its stored credentials are restored each time, as after a restart.
const authState = { creds: toJson(baileys, baileys.initAuthCreds()) };
let lastOpened = 0;

async function reconnect() {
  const { session, sockets, socket } = await openWired(
    wa.url,
    { deviceId: 'heap-1', authState },
    { logger },
    { connectTimeoutMs: HANDSHAKE_TIMEOUT_MS },
  );
  while (!(sockets.length === 1 && socket().ws.isOpen)) await new Promise((resolve) => setImmediate(resolve));
  lastOpened = performance.now();
  await session.close();
}

/** The heap once every closed socket has gone and every handshake timer that held one has fired. */
async function atRest() {
  while (wa.server.clients.size > 0) await pause(20);
  await pause(Math.max(0, lastOpened + HANDSHAKE_TIMEOUT_MS + 1_000 - performance.now()));
  for (let i = 0; i < 3; i++) {
    await pause(100);
    gc();
  }
  return process.memoryUsage().heapUsed;
}

for (let i = 0; i < WARM_UP; i++) await reconnect();
const before = await atRest();
// Read again with nothing done between: the timers have fired already, so this costs no second wait.
const noiseBytes = Math.abs((await atRest()) - before);
const started = performance.now();
for (let i = 1; i <= cycles; i++) await reconnect();
const reconnectMs = Math.round(performance.now() - started);
const after = await atRest();
await wa.close();
process.stdout.write(JSON.stringify({ cycles, grewBytes: after - before, noiseBytes, reconnectMs }));
process.exit(0);
