// The live channel at DESIGN §10's scale: MEMBERS sockets (default 10,000), one per member on `client-{id}`,
// plus ADMINS (default 25, a staff user each) on `client-admin`, while ACCOUNTS of those members (default
// 1000) blast every second for BENCH_SECONDS (default 20). Prints how long the sockets took to connect, the
// server's memory with them open (its RSS growth a socket), how late events arrive at member and admin sockets
// (from the event's `date`), how many were delivered a second beside how many the load offered, and how many
// reached a member they do not belong to (must be 0). Each event of an account goes to its member's socket and
// to every admin socket, so the load offers ACCOUNTS × events a send × (1 + ADMINS) a second when every account
// sends each second (printed from the run's own figures). A send published 6.5 events in a small run (in use,
// sending, the outcome, released, its pace and receipts) and an account sends a little under once a second, so
// 500 accounts offered about half the budget's 100,000 (53,590 delivered, docs/performance.md) and 1000 about
// all of it. Then REVOKED members (default 100) sign out one
// after another while the blasts go on: how long from each sign-out request until the server has closed that
// member's socket. Each figure against DESIGN's budget: met, or missed by how many times.
import WebSocket from 'ws';
import { startFleet } from './lib/fleet.mjs';
import { quantile, verdict } from './lib/server.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ADMINS = Number(process.env.ADMINS ?? 25);
// Sign-out is limited to 120 a minute per address, and the bench is one address.
const REVOKED = Math.min(Number(process.env.REVOKED ?? 100), 120, MEMBERS);
/** DESIGN §10's live channel budget. */
const BUDGET = { dashboards: 10_000, eventsPerSecond: 100_000, lateMs: 50, socketKb: 20, closedMs: 1000 };
/** The events that end a send, one per outcome. */
const OUTCOMES = new Set(['count_success', 'count_fail']);

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
let outcomes = 0;
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
        if (OUTCOMES.has(message.event)) outcomes += 1;
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
const memberP99 = Number(quantile(memberLatency, 0.99));
const adminP99 = Number(quantile(adminLatency, 0.99));
const closedP99 = Number(quantile(closeTimes, 0.99));
const delivered = (memberLatency.length + adminLatency.length) / SECONDS;
// Every account's event reaches its member's one socket once: the members' events are what the accounts published.
const eventsPerSend = outcomes > 0 ? memberLatency.length / outcomes : 0;
const fanOut = 1 + ADMINS;
const nominal = ACCOUNTS * eventsPerSend * fanOut;
const owed = (memberLatency.length / SECONDS) * fanOut;
/** For a budget that is a floor: met, or missed by how many times more it needs. */
const atLeast = (value, floor) => verdict(floor, value);
console.log(
  'budget (DESIGN §10): live channel: 10,000 connected dashboards, 100,000 events/s delivered, p99 under 50 ms, ' +
    "at most 20 KB a socket; a revoked session's sockets closed within 1 s",
);
console.log(
  `sockets=${sockets.length} (${BUDGET.dashboards.toLocaleString('en')} dashboards: ${atLeast(sockets.length, BUDGET.dashboards)})  ` +
    `connected in ${connectSeconds.toFixed(1)}s (${PARALLEL} at a time)  ` +
    `connect p50=${quantile(connectTimes, 0.5)}ms p99=${quantile(connectTimes, 0.99)}ms  ` +
    `rss ${rssBefore.toFixed(0)}→${rssOpen.toFixed(0)}MB, ${perSocket.toFixed(1)} KB a socket ` +
    `(at most ${BUDGET.socketKb} KB: ${verdict(perSocket, BUDGET.socketKb)})`,
);
console.log(
  `events at members=${memberLatency.length} late p50=${quantile(memberLatency, 0.5)}ms p99=${memberP99}ms ` +
    `(under ${BUDGET.lateMs} ms: ${verdict(memberP99, BUDGET.lateMs)})  ` +
    `at admins=${adminLatency.length} late p50=${quantile(adminLatency, 0.5)}ms p99=${adminP99}ms ` +
    `(under ${BUDGET.lateMs} ms: ${verdict(adminP99, BUDGET.lateMs)})  delivered to the wrong member=${foreign}`,
);
console.log(
  `offered: ${ACCOUNTS} accounts each sending every second × ${eventsPerSend.toFixed(2)} events a send × ${fanOut} sockets ` +
    `an event (its member's and ${ADMINS} admins') = ${nominal.toFixed(0)} events/s at most ` +
    `(${atLeast(nominal, BUDGET.eventsPerSecond)} against ${BUDGET.eventsPerSecond.toLocaleString('en')}); ` +
    `in the window ${(outcomes / SECONDS).toFixed(0)} outcomes/s published ${(memberLatency.length / SECONDS).toFixed(0)} events/s, ` +
    `${owed.toFixed(0)} deliveries/s owed`,
);
console.log(
  `delivered ${delivered.toFixed(0)} events/s in all ` +
    `(${BUDGET.eventsPerSecond.toLocaleString('en')} events/s: ${atLeast(delivered, BUDGET.eventsPerSecond)})`,
);
console.log(
  `signed out=${closeTimes.length}  socket closed after p50=${quantile(closeTimes, 0.5)}ms p99=${closedP99}ms ` +
    `(within ${BUDGET.closedMs} ms: ${verdict(closedP99, BUDGET.closedMs)})`,
);
console.log(`blast outcomes meanwhile=${totals.messageLogs}`);
