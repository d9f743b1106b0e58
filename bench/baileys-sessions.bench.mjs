// Real-session memory (issue 22): how much a linked Baileys session holds in a worker. Sessions of the real
// driver (Baileys 7's makeWASocket, the project's BaileysDriver, its caches and its PostgreSQL key store,
// `engine/session/auth-keys.ts`) are linked by QR through the fake WhatsApp endpoint (apps/server/test/fake-wa, run
// as a process of its own: apps/server/test/fake-wa/process.ts), each through the handshake, pair-success, the 515 restart,
// the login and its upload of 812 pre-keys, then left connected and idle. After each step of STEPS (1, 50,
// 200 sessions in all) and a full garbage collection, this process's RSS, heap and external memory are read
// beside the same with none linked; the growth divided by the sessions is the figure per session, and
// 1 GB over it how many accounts fit (docs/deploy.md). LINKING (10) sessions link at a time. Last, one more
// session sends SENDS (1,000) messages, each to a contact of its own (a signal session each, as a blast
// makes), and what it holds then is read beside what it held idle, and once it is closed.
// The key store's database: DATABASE_URL, else a scratch database on TEST_DATABASE_URL's server, else an
// embedded PostgreSQL (lib/database.mjs).
import v8 from 'node:v8';
import vm from 'node:vm';
import * as baileys from 'baileys';
import { pino } from 'pino';
import { postgresPoolOf } from '../apps/server/src/db/client.ts';
import { accountKeyStore } from '../apps/server/src/engine/session/auth-keys.ts';
import { BaileysDriver } from '../apps/server/src/wa/baileys.ts';
import { startEndpointProcess } from '../apps/server/test/fake-wa/process-client.ts';
import { benchDatabase } from './lib/database.mjs';

const STEPS = (process.env.STEPS ?? '1,50,200').split(',').map(Number);
const LINKING = Number(process.env.LINKING ?? 10);
const SENDS = Number(process.env.SENDS ?? 1000);
const MB = 1024 * 1024;
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Baileys in this process trusts the endpoint's root while the bench runs (fake-wa/process-client.ts).
const endpoint = await startEndpointProcess();
const { url, ask } = endpoint;
const scan = (number, lid, qr) => ask({ number, lid, qr });

const { database, label, close } = await benchDatabase();
const driver = new BaileysDriver({
  version: async () => [2, 3000, 1029000000],
  makeSocket: (config) => baileys.makeWASocket({ ...config, waWebSocketUrl: url }),
  logger: pino({ level: 'silent' }),
  composingMs: 0,
});
const pool = postgresPoolOf(database.db);
const opened = [];
/** The creds each session last gave, as the engine keeps them (in its row, here in memory). */
const creds = new Map();

async function link(n) {
  const number = `62811${String(n).padStart(8, '0')}`;
  const { rows } = await pool.query(
    `WITH member AS (
       INSERT INTO users (firstname, lastname, email, password_hash, referral_code)
       VALUES ('Sesi', $1, $2, 'not-a-password', $3) RETURNING id)
     INSERT INTO whatsapp_accounts (clientid, user_id, state) SELECT $1, id, 'unknown' FROM member RETURNING id`,
    [`session-${n}`, `session${n}@bench.local`, `S${String(n).padStart(7, '0')}`],
  );
  const session = await driver.open({
    deviceId: `session-${n}`,
    authState: null,
    keyStore: accountKeyStore(database.db, rows[0].id),
  });
  opened.push(session);
  await new Promise((resolve, reject) => {
    let scanned = false;
    session.subscribe((event) => {
      if (event.type === 'auth-state') creds.set(n, event.authState);
      if (event.type === 'qr' && !scanned) {
        scanned = true;
        scan(number, `77${String(n).padStart(12, '0')}`, event.qr).catch(reject);
      }
      if (event.type === 'connection' && event.state === 'connected') resolve();
      if (event.type === 'connection' && event.state === 'loggedOut') reject(new Error(`${number} logged out`));
    });
  });
}

/** Pre-keys still being written after the logins: waits until the key store's row count holds still. */
async function keysSettled() {
  let last = -1;
  for (;;) {
    const { rows } = await pool.query('SELECT count(*)::int AS keys FROM whatsapp_auth_keys');
    if (rows[0].keys === last) return last;
    last = rows[0].keys;
    await pause(2000);
  }
}

async function atRest() {
  for (let i = 0; i < 3; i++) {
    gc();
    await pause(200);
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external: external + arrayBuffers };
}

// Baileys loaded and one session opened and closed, so that what every session shares is in the baseline.
await link(0);
await opened.pop().close();
await pause(1000);
const base = await atRest();
const mb = (bytes) => (bytes / MB).toFixed(1);
const kb = (bytes) => (bytes / 1024).toFixed(0);
/** A change in MB with its sign. */
const delta = (bytes) => `${bytes < 0 ? '' : '+'}${mb(bytes)} MB`;
console.log(`key store on ${label}; baseline: RSS ${mb(base.rss)} MB, heap ${mb(base.heapUsed)} MB`);
console.log(
  '| sessions | linked in | key rows | RSS | heap used | external | RSS per session | heap per session | in 1 GB (RSS) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let linked = 0;
for (const step of STEPS) {
  const started = performance.now();
  while (linked < step) {
    const batch = [];
    for (; linked < step && batch.length < LINKING; ) batch.push(link(++linked));
    await Promise.all(batch);
  }
  const seconds = (performance.now() - started) / 1000;
  const keys = await keysSettled();
  const now = await atRest();
  const perRss = (now.rss - base.rss) / step;
  const perHeap = (now.heapUsed - base.heapUsed) / step;
  console.log(
    `| ${step} | ${seconds.toFixed(1)} s | ${keys.toLocaleString('en')} | ${mb(now.rss)} MB | ${mb(now.heapUsed)} MB | ` +
      `${mb(now.external)} MB | ${(perRss / 1024).toFixed(0)} KB | ${(perHeap / 1024).toFixed(0)} KB | ` +
      `${Math.floor(1024 / (perRss / MB)).toLocaleString('en')} |`,
  );
}
if (SENDS > 0) {
  const idle = await atRest();
  await link(++linked);
  const linkedOne = await atRest();
  const contacts = Array.from({ length: SENDS }, (_, i) => [
    `62857${String(i).padStart(8, '0')}`,
    `66${String(i).padStart(12, '0')}`,
  ]);
  await ask({ contacts });
  const session = opened.at(-1);
  const started = performance.now();
  for (const [number] of contacts) await session.sendMessage(number, { text: `Halo ${number}` });
  const seconds = (performance.now() - started) / 1000;
  const sent = await atRest();
  console.log(
    `one more session: linked +${kb(linkedOne.rss - idle.rss)} KB RSS, +${kb(linkedOne.heapUsed - idle.heapUsed)} KB heap; ` +
      `after ${SENDS.toLocaleString('en')} sends to as many contacts (${seconds.toFixed(1)} s): ` +
      `${delta(sent.rss - linkedOne.rss)} RSS, ${delta(sent.heapUsed - linkedOne.heapUsed)} heap, ` +
      `${delta(sent.external - linkedOne.external)} external`,
  );
  // What the session itself holds (its caches and Baileys' socket) goes with it; what stays is the process's.
  opened.pop();
  await session.close();
  await pause(1000);
  const closed = await atRest();
  console.log(
    `that session closed: ${delta(closed.heapUsed - linkedOne.heapUsed)} heap, ` +
      `${delta(closed.external - linkedOne.external)} external beside it linked and idle`,
  );
}
for (const session of opened) await session.close();
await close();
endpoint.stop();
process.exit(0);
