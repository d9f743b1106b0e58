// The engine with a fleet: ACCOUNTS linked simulator accounts (default 2000) resume their blasts at start-up
// and send every INTERVAL_S (default 1 s) for BENCH_SECONDS (default 30). Prints how long resuming took,
// sends per second, the server's memory and CPU, how late its timers fire and how responsive its API stays
// while blasting, and that message logs, account counters and ledger agree after a graceful stop.
import pg from 'pg';
import WebSocket from 'ws';
import { startFleet } from './lib/fleet.mjs';
import { quantile } from './lib/server.mjs';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const fleet = await startFleet({ MEMBERS: String(ACCOUNTS), ACCOUNTS: String(ACCOUNTS), INTERVAL_S: '1' });

const socket = new WebSocket(`${fleet.url.replace('http', 'ws')}/ws?id=client-admin&token=${fleet.adminToken}`);
let outcomes = 0;
const senders = new Set();
socket.on('message', (data) => {
  const text = data.toString();
  if (!text.startsWith('{')) return;
  const message = JSON.parse(text);
  if (message.event === 'count_success' || message.event === 'count_fail') {
    outcomes += 1;
    senders.add(message.payload.deviceId);
  }
});
await new Promise((resolve) => socket.once('open', resolve));

// On PostgreSQL the outcomes are counted where they are recorded: the live channel closes a socket that falls
// 4 MB behind, and one client reading every event of the fleet can.
const counter = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null;
await counter?.connect();
const logged = async () => Number((await counter?.query('select count(*) from message_logs'))?.rows[0]?.count ?? 0);
const loggedBefore = await logged();
const windowStart = new Date();
const cpuBefore = fleet.cpuSeconds();
const latencies = [];
// A read that needs the database too (the caller's row, a count and a page), as every dashboard screen does.
const reads = [];
const until = Date.now() + SECONDS * 1000;
while (Date.now() < until) {
  const started = performance.now();
  await fetch(`${fleet.url}/api/health`).then((res) => res.arrayBuffer());
  latencies.push(performance.now() - started);
  const begun = performance.now();
  const res = await fetch(`${fleet.url}/api/admin/whatsapp/list-per-page?page=1`, {
    headers: { authorization: `Bearer ${fleet.adminToken}` },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`list-per-page answered ${res.status}`);
  reads.push(performance.now() - begun);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const cpu = fleet.cpuSeconds() - cpuBefore;
const window = await fleet.window();
const recorded = counter ? (await logged()) - loggedBefore : outcomes;
// Outcomes a second are the accounts that send times one over a round's length: each account's round measured
// as the time between two of its outcomes in the window (PostgreSQL's clock); a gap over 5 s is a wait (a
// restriction's cool-down, a reconnect), counted apart. The accounts that sent nothing were waiting all along.
const rounds = await counter?.query(
  `with gaps as (
     select whatsapp_id, extract(epoch from sent_at - lag(sent_at) over (partition by whatsapp_id order by sent_at)) as s
     from message_logs where sent_at >= $1)
   select count(distinct whatsapp_id)::int as sending,
     avg(s) filter (where s < 5) as mean, percentile_cont(0.5) within group (order by s) filter (where s < 5) as p50,
     percentile_cont(0.9) within group (order by s) filter (where s < 5) as p90,
     count(*) filter (where s >= 5)::int as waits from gaps`,
  [windowStart],
);
const states = await counter?.query(
  `select count(*) filter (where limited_until > now())::int as restricted,
     count(*) filter (where suspended or state = 'tempBanned')::int as banned,
     count(*) filter (where state <> 'connected' and not suspended and state <> 'tempBanned')::int as away
   from whatsapp_accounts`,
);
await counter?.end();
const rss = fleet.rssMb();
const cpuMs = cpu * 1000;
socket.close();
// Printed before the stop, so that a stop that hangs still leaves them.
printWindow();
const totals = await fleet.stop();
latencies.sort((a, b) => a - b);
reads.sort((a, b) => a - b);

console.log(
  `accounts=${ACCOUNTS}  resumed in ${(fleet.resumeMs / 1000).toFixed(1)}s  sending accounts seen=${senders.size}  ` +
    `outcomes=${recorded} (${(recorded / SECONDS).toFixed(0)}/s; budget 1000/s a worker at 2000 accounts; live events seen ${outcomes})  rss=${rss.toFixed(0)}MB  cpu=${((cpu / SECONDS) * 100).toFixed(0)}% of a core`,
);
console.log(
  `timer lateness p50=${totals.timerLatenessP50.toFixed(1)}ms p99=${totals.timerLatenessP99.toFixed(1)}ms (budget p99 50 ms)  ` +
    `GET /api/health while blasting p50=${quantile(latencies, 0.5)}ms p99=${quantile(latencies, 0.99)}ms  ` +
    `GET whatsapp list-per-page p50=${quantile(reads, 0.5)}ms p99=${quantile(reads, 0.99)}ms`,
);
console.log(
  `after stop: message_logs=${totals.messageLogs}  account counters=${totals.accountCounts}  ` +
    `ledger blast income=${totals.ledger}  fees logged=${totals.fees}  ` +
    `${totals.messageLogs === totals.accountCounts && totals.ledger === totals.fees ? 'AGREE' : 'DISAGREE'}`,
);
const round = rounds?.rows[0];
const state = states?.rows[0];
if (round) {
  console.log(
    `accounts that sent in the window=${round.sending} of ${ACCOUNTS}; at its end restricted (cool-down)=${state.restricted} ` +
      `banned=${state.banned} not connected=${state.away}  round (outcome to outcome, gaps under 5 s) ` +
      `mean=${Number(round.mean).toFixed(3)}s p50=${Number(round.p50).toFixed(3)}s p90=${Number(round.p90).toFixed(3)}s ` +
      `(1 s of it the pause); longer waits=${round.waits}`,
  );
}
if (totals.engineRoundTrips > 0) {
  console.log(
    `engine round trips to PostgreSQL: ${totals.engineRoundTrips} for ${totals.messageLogs} outcomes ` +
      `(${(totals.engineRoundTrips / Math.max(1, totals.messageLogs)).toFixed(2)} an outcome, claims, renewals and receipts included; budget 3 a send)`,
  );
  for (const [statement, count] of totals.engineStatements) {
    console.log(`  ${(count / Math.max(1, totals.messageLogs)).toFixed(2)} an outcome  ${statement}`);
  }
}

// Where a round's time goes, summed over the window in the server's process (bench/lib/round-steps.ts) and
// divided by the outcomes it recorded: ratios that hold however busy the shared machine is.
function printWindow() {
  const steps = new Map(window.steps);
  const records = steps.get('  record: outcome batch, queue included')?.count ?? 0;
  const per = (ms) => (ms / Math.max(1, records)).toFixed(1);
  const roundMs = [...steps]
    .filter(([name]) => !name.startsWith(' ') && !name.startsWith('pool'))
    .reduce((t, [, s]) => t + s.ms, 0);
  console.log(`a round's time in the window, per outcome recorded (${records} outcomes; steps in a round's order):`);
  for (const [name, sum] of steps) {
    const share = name.startsWith('pool')
      ? ''
      : `  ${((sum.ms / Math.max(1, roundMs)) * 100).toFixed(1)}% of the rounds' time`;
    console.log(
      `  ${per(sum.ms).padStart(7)} ms an outcome  ${(sum.ms / Math.max(1, sum.count)).toFixed(1).padStart(7)} ms a call  ${(sum.count / Math.max(1, records)).toFixed(2)} calls an outcome  ${name}${share}`,
    );
  }
  const wait = steps.get('pool: wait for a connection')?.ms ?? 0;
  console.log(
    `  round trips ${(window.roundTrips / Math.max(1, records)).toFixed(2)} an outcome (budget 3); PostgreSQL answering ${per(window.statementMs)} ms ` +
      `and waiting for a pool connection ${per(wait)} ms an outcome (${((wait / Math.max(1, wait + window.statementMs)) * 100).toFixed(0)}% of the time statements took); ` +
      `server CPU ${(cpuMs / Math.max(1, recorded)).toFixed(2)} ms an outcome, of it GC ${per(window.gcMs)} ms (${window.gcCount} collections)`,
  );
}
