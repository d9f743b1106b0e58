// The live channel at scale: MEMBERS sockets (default 5000), one per member on `client-{id}`, plus ADMINS
// (default 25, a staff user each) on `client-admin`, while ACCOUNTS of those members (default 500) blast
// every second for BENCH_SECONDS (default 20). Prints how long the sockets took to connect, the server's
// memory with them open, how late events arrive at member and admin sockets (from the event's `date`), how
// many were delivered a second, and how many reached a member they do not belong to (must be 0). Then
// REVOKED members (default 100) sign out one after another while the blasts go on: how long from each
// sign-out request until the server has closed that member's socket.
import WebSocket from 'ws';
import { startFleet } from './lib/fleet.mjs';
import { quantile } from './lib/server.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 5000);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ADMINS = Number(process.env.ADMINS ?? 25);
// Sign-out is limited to 120 a minute per address, and the bench is one address.
const REVOKED = Math.min(Number(process.env.REVOKED ?? 100), 120, MEMBERS);

const fleet = await startFleet({
  MEMBERS: String(MEMBERS),
  ACCOUNTS: String(ACCOUNTS),
  ADMINS: String(ADMINS),
  INTERVAL_S: '1',
});
const base = fleet.url.replace('http', 'ws');
const rssBefore = fleet.rssMb();

const memberLatency = [];
const adminLatency = [];
let foreign = 0;
let recording = false;

function open(query, onMessage) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?${query}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', (data) => {
      const text = data.toString();
      if (recording && text.startsWith('{')) onMessage(JSON.parse(text));
    });
  });
}

const connectTimes = [];
const sockets = [];
const tokens = fleet.tokens();
const PARALLEL = 100;
const connectStart = performance.now();
for (let from = 0; from < tokens.length; from += PARALLEL) {
  const opened = await Promise.all(
    tokens.slice(from, from + PARALLEL).map(async ({ id, token }) => {
      const started = performance.now();
      const socket = await open(`id=client-${id}&token=${token}`, (message) => {
        if (message.payload.sender?.user_id !== id) foreign += 1;
        memberLatency.push(Date.now() - Date.parse(message.payload.date));
      });
      connectTimes.push(performance.now() - started);
      return socket;
    }),
  );
  sockets.push(...opened);
}
const connectSeconds = (performance.now() - connectStart) / 1000;
for (let i = 0; i < ADMINS; i++) {
  sockets.push(
    await open(`id=client-admin&token=${fleet.adminTokens[i]}`, (message) =>
      adminLatency.push(Date.now() - Date.parse(message.payload.date)),
    ),
  );
}
const rssOpen = fleet.rssMb();

recording = true;
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
recording = false;
// One after another, as people sign out: each figure is one person's wait, not a queue of a hundred.
const closeTimes = [];
for (const [i, { token }] of tokens.slice(0, REVOKED).entries()) {
  const started = performance.now();
  const closed = new Promise((resolve) => sockets[i].once('close', resolve));
  await fetch(`${fleet.url}/api/auth/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  await closed;
  closeTimes.push(performance.now() - started);
}
for (const socket of sockets) socket.terminate();
const totals = await fleet.stop();

connectTimes.sort((a, b) => a - b);
closeTimes.sort((a, b) => a - b);
memberLatency.sort((a, b) => a - b);
adminLatency.sort((a, b) => a - b);
const perSocket = ((rssOpen - rssBefore) * 1024) / sockets.length;
console.log(
  `sockets=${sockets.length}  connected in ${connectSeconds.toFixed(1)}s (${PARALLEL} at a time)  ` +
    `connect p50=${quantile(connectTimes, 0.5)}ms p99=${quantile(connectTimes, 0.99)}ms  ` +
    `rss ${rssBefore.toFixed(0)}→${rssOpen.toFixed(0)}MB (~${perSocket.toFixed(0)}KB a socket)`,
);
console.log(
  `events at members=${memberLatency.length} late p50=${quantile(memberLatency, 0.5)}ms p99=${quantile(memberLatency, 0.99)}ms  ` +
    `at admins=${adminLatency.length} late p50=${quantile(adminLatency, 0.5)}ms p99=${quantile(adminLatency, 0.99)}ms  ` +
    `delivered to the wrong member=${foreign}`,
);
console.log(
  `delivered ${((memberLatency.length + adminLatency.length) / SECONDS).toFixed(0)} events/s in all ` +
    '(budget: 5,000 dashboards, 20,000 events/s, p99 under 50 ms)',
);
console.log(
  `signed out=${closeTimes.length}  socket closed after p50=${quantile(closeTimes, 0.5)}ms ` +
    `p99=${quantile(closeTimes, 0.99)}ms  (budget: a revoked session's sockets closed within 1000 ms)`,
);
console.log(`blast outcomes meanwhile=${totals.messageLogs}`);
