// A blasting Baileys session's memory and key writes (issue 22): one session of the real driver (Baileys 7's
// makeWASocket, the project's BaileysDriver, its caches and its PostgreSQL key store, `engine/session/auth-keys.ts`)
// linked by QR through the fake WhatsApp endpoint (a process of its own, apps/server/test/fake-wa/process.ts), then sending
// one message to each of CONTACTS' last figure (3,000) contacts it never wrote to, one after another, as a
// blast does (a usync look-up, a key bundle, a new signal session and a trusted-contact token each; WhatsApp
// answers each token issuance with the contact's own token, as it may). At each figure of CONTACTS (100,
// 1,000, 3,000), after a full GC: what the session holds beyond what it held linked and idle (heap, buffers,
// RSS), per contact, and the bytes the sends of that stretch wrote to `whatsapp_auth_keys` per send (the
// trusted-contact tokens apart), beside the budget: docs/deploy.md's idle figure, 450 KB a session.
// Then the keys a contact left stored, as kept for good before the prune (the naive side) and after
// `engine/session/key-prune.ts` runs a month on, none of the contacts having answered.
// Run on main's code for the naive figures (docs/performance.md). The key store's database as
// lib/database.mjs gives it.
import v8 from 'node:v8';
import vm from 'node:vm';
import * as baileys from 'baileys';
import { pino } from 'pino';
import { postgresPoolOf } from '../apps/server/src/db/client.ts';
import { accountKeyStore } from '../apps/server/src/engine/session/auth-keys.ts';
import { KEY_SILENT_DAYS, pruneAccountKeys } from '../apps/server/src/engine/session/key-prune.ts';
import { SentMessages } from '../apps/server/src/engine/session/sent-messages.ts';
import { BaileysDriver } from '../apps/server/src/wa/baileys.ts';
import { startEndpointProcess } from '../apps/server/test/fake-wa/process-client.ts';
import { benchDatabase } from './lib/database.mjs';

const CONTACTS = (process.env.CONTACTS ?? '100,1000,3000').split(',').map(Number);
const IDLE_BUDGET_KB = 450;
const MB = 1024 * 1024;
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Baileys in this process trusts the endpoint's root while the bench runs (fake-wa/process-client.ts).
const endpoint = await startEndpointProcess();
const { url, ask } = endpoint;

const { database, label, close } = await benchDatabase();
const pool = postgresPoolOf(database.db);
const driver = new BaileysDriver({
  version: async () => [2, 3000, 1029000000],
  makeSocket: (config) => baileys.makeWASocket({ ...config, waWebSocketUrl: url }),
  logger: pino({ level: 'silent' }),
  composingMs: 0,
});

/** Bytes handed to the key store, as stored (JSON), trusted-contact tokens apart; and by key type. */
const written = { tctoken: 0, other: 0 };
const byType = new Map();
function counted(store) {
  return {
    get: (keys) => store.get(keys),
    set(entries) {
      for (const [key, value] of Object.entries(entries)) {
        const bytes = JSON.stringify(value ?? null).length;
        written[key.startsWith('tctoken:') ? 'tctoken' : 'other'] += bytes;
        const type = key.split(':')[0];
        byType.set(type, (byType.get(type) ?? 0) + bytes);
      }
      return store.set(entries);
    },
  };
}

// The endpoint makes each contact's keys first: made while the session is linked, they held its frames up.
const last = CONTACTS.at(-1);
const contacts = Array.from({ length: last }, (_, i) => [
  `62857${String(i).padStart(8, '0')}`,
  `66${String(i).padStart(12, '0')}`,
]);
await ask({ contacts });
await ask({ givesTokens: true });
const { rows } = await pool.query(
  `WITH member AS (
     INSERT INTO users (firstname, lastname, email, password_hash, referral_code)
     VALUES ('Sesi', 'Blast', 'blast@bench.local', 'not-a-password', 'B0000001') RETURNING id)
   INSERT INTO whatsapp_accounts (clientid, user_id, state) SELECT 'blast', id, 'unknown' FROM member RETURNING id`,
);
const session = await driver.open({
  deviceId: 'blast',
  authState: null,
  keyStore: counted(accountKeyStore(database.db, rows[0].id)),
  sentMessages: new SentMessages(database.db).of(rows[0].id),
});
let authState = null;
await new Promise((resolve, reject) => {
  let scanned = false;
  session.subscribe((event) => {
    if (event.type === 'auth-state') authState = event.authState;
    if (event.type === 'qr' && !scanned) {
      scanned = true;
      ask({ number: '6281100000001', lid: '77000000000001', qr: event.qr }).catch(reject);
    }
    if (event.type === 'connection' && event.state === 'connected') resolve();
  });
});

/** The login's 812 pre-keys are still being written when it connects: waits until the key rows hold still. */
async function keysSettled() {
  let last = -1;
  for (;;) {
    const { rows } = await pool.query('SELECT count(*)::int AS keys FROM whatsapp_auth_keys');
    if (rows[0].keys === last) return;
    last = rows[0].keys;
    await pause(2000);
  }
}

async function atRest() {
  for (let i = 0; i < 3; i++) {
    gc();
    await pause(200);
  }
  // `external` counts the buffers (`arrayBuffers`) already.
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

await keysSettled();
const idle = await atRest();
written.tctoken = 0;
written.other = 0;
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `key store on ${label}; linked and idle: RSS ${(idle.rss / MB).toFixed(1)} MB, heap ${(idle.heapUsed / MB).toFixed(1)} MB`,
);
console.log(
  '| contacts | sent in | heap | buffers | RSS | held a contact (heap + buffers), this stretch | key bytes a send (tctoken) | key bytes a send (other) | blasting sessions in 1 GB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let sent = 0;
let heldBefore = 0;
const byTypeLines = [];
let started = performance.now();
for (const checkpoint of CONTACTS) {
  const before = { ...written };
  byType.clear();
  const from = sent;
  for (; sent < checkpoint; sent++) {
    const [number] = contacts[sent];
    await session.sendMessage(number, { text: `Halo ${number}` });
  }
  const seconds = (performance.now() - started) / 1000;
  // Baileys issues the account's token after each send without waiting; its writes land within moments.
  await pause(2000);
  const now = await atRest();
  const heap = now.heapUsed - idle.heapUsed;
  const buffers = now.external - idle.external;
  const sends = checkpoint - from;
  const held = heap + buffers;
  console.log(
    `| ${checkpoint.toLocaleString('en')} | ${seconds.toFixed(0)} s | +${kb(heap)} KB | +${kb(buffers)} KB | ` +
      `+${kb(now.rss - idle.rss)} KB | ${kb((held - heldBefore) / sends)} KB | ` +
      `${((written.tctoken - before.tctoken) / sends).toFixed(0)} B | ${((written.other - before.other) / sends).toFixed(0)} B | ` +
      `${Math.floor(1024 / ((IDLE_BUDGET_KB * 1024 + held) / MB)).toLocaleString('en')} |`,
  );
  heldBefore = held;
  const types = [...byType].sort((a, b) => b[1] - a[1]);
  byTypeLines.push(
    `key bytes a send, contacts ${from + 1}-${checkpoint}: ${types.map(([type, bytes]) => `${type} ${(bytes / sends).toFixed(0)}`).join(', ')}`,
  );
  started = performance.now();
}
for (const line of byTypeLines) console.log(line);
const { rows: stored } = await pool.query(
  `SELECT split_part(key, ':', 1) AS type, count(*)::int AS rows, sum(length(value::text))::bigint AS bytes
   FROM whatsapp_auth_keys GROUP BY 1 ORDER BY 3 DESC`,
);
console.log(
  `key rows after ${last.toLocaleString('en')} contacts: ${stored.map((row) => `${row.type} ${row.rows} (${kb(Number(row.bytes))} KB)`).join(', ')}`,
);
const storedBytes = async () => {
  const { rows: sums } = await pool.query(
    'SELECT sum(length(key) + length(value::text))::bigint AS bytes FROM whatsapp_auth_keys WHERE account_id = $1',
    [rows[0].id],
  );
  return Number(sums[0].bytes);
};
const kept = await storedBytes();
// The prune runs for the accounts a worker's lease holds, knowing the account's own JIDs from its creds.
await pool.query(
  `UPDATE whatsapp_accounts SET owner_id = 'bench', lease_until = now() + interval '1 hour', auth_state = $2 WHERE id = $1`,
  [rows[0].id, JSON.stringify(authState)],
);
const monthOn = new Date(Date.now() + (KEY_SILENT_DAYS + 1) * 24 * 60 * 60_000);
let pruneRuns = 0;
const pruneStarted = performance.now();
while ((await pruneAccountKeys(database.db, 'bench', { now: monthOn })) > 0) pruneRuns += 1;
const pruneMs = performance.now() - pruneStarted;
const pruned = await storedBytes();
const { rows: idleKeys } = await pool.query(
  `SELECT sum(length(key) + length(value::text))::bigint AS bytes FROM whatsapp_auth_keys
   WHERE account_id = $1 AND split_part(key, ':', 1) NOT IN ('session', 'identity-key', 'tctoken', 'lid-mapping', 'device-list')`,
  [rows[0].id],
);
const ownBytes = Number(idleKeys[0].bytes);
console.log(
  `key bytes stored a contact after ${last.toLocaleString('en')} contacts (the account's own pre-keys and app-state apart, ${kb(ownBytes)} KB): ` +
    `kept for good (no prune) ${((kept - ownBytes) / last).toFixed(0)} B, after the prune ${((pruned - ownBytes) / last).toFixed(0)} B ` +
    `(${pruneRuns} runs of at most 1,000 rows, ${pruneMs.toFixed(0)} ms)`,
);
// HEAP_SNAPSHOT=file: what holds the session's memory, for Chrome's DevTools.
if (process.env.HEAP_SNAPSHOT) v8.writeHeapSnapshot(process.env.HEAP_SNAPSHOT);
console.log(
  `budget: ${IDLE_BUDGET_KB} KB a session linked and idle (docs/deploy.md); 1 GB holds ${Math.floor(1024 / (IDLE_BUDGET_KB / 1024)).toLocaleString('en')} such`,
);
await session.close();
await close();
endpoint.stop();
process.exit(0);
