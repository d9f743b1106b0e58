// The whole default install's memory (issue 21): the built server as `npm start` runs it, with no
// DATABASE_URL (the embedded PostgreSQL it starts in a fresh DATA_DIR, and the demo seed of a first start),
// measured over the server and every PostgreSQL process below it (bench/lib/process-memory.mjs).
// (a) idle and empty, IDLE_SECONDS (30) after the start; (b) ROWS (1,000,000) numbers imported through the API
// as a CSV, then ACCOUNTS (200) linked simulator accounts blasting every INTERVAL_S (1: ten to thirty times the
// real default's load) for BENCH_SECONDS (60), sampled every second from the import on: peak and steady
// (the median). Each figure is printed as PSS and as the RSS summed over the processes, both against the budget
// (250 MB idle, 600 MB loaded). DESIGN §10 words the budget in RSS; the verdict is read against PSS, what the
// machine gives up (shared pages divided among the processes that map them), for the reason docs/decisions.md
// records ("Memory: PSS is the budget's measure": the RSS sum counts PostgreSQL's shared buffers once per
// process), and the RSS sum's own verdict is printed beside it. DATABASE_URL is ignored: this measures the
// default install.
import { join } from 'node:path';
import pg from 'pg';
import { runningUrl } from '../apps/server/src/db/embedded/cluster.ts';
import { describe, installMemory, peakAndSteady, sampleMemory } from './lib/process-memory.mjs';
import { startServer } from './lib/server.mjs';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 200);
const INTERVAL_S = Number(process.env.INTERVAL_S ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDLE_BUDGET = 250;
const LOADED_BUDGET = 600;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

delete process.env.DATABASE_URL;
// SEED_DEMO unset: the default install's first start seeds the demo data.
const server = await startServer({ IMPORT_MAX_MB: '200', SEED_DEMO: '' });
try {
  console.log(
    'budget (DESIGN §10): embedded default (`npm start`, no `DATABASE_URL`): server and database, idle and empty: ' +
      'under 250 MB RSS; with 1 M numbers and 200 simulated accounts blasting, under 600 MB',
  );
  console.log(
    'verdict: read against PSS (docs/decisions.md, "Memory: PSS is the budget\'s measure"); the RSS sum\'s own verdict beside it',
  );
  const idle = sampleMemory(server.pid);
  await sleep(IDLE_SECONDS * 1000);
  const idleSamples = idle.stop();
  console.log(
    describe(`idle and empty, ${IDLE_SECONDS} s after the start (last sample)`, idleSamples.at(-1), IDLE_BUDGET),
  );
  console.log(describe('idle and empty, peak', peakAndSteady(idleSamples).peak, IDLE_BUDGET));

  const loaded = sampleMemory(server.pid);
  const lines = ['number,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`62812${String(i).padStart(8, '0')},Nama ${i}`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'numbers.csv');
  lines.length = 0;
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/phonenumber/import`, {
    method: 'POST',
    headers: server.headers,
    body: form,
  });
  const answer = await res.json();
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer)}`);
  const importSeconds = (performance.now() - started) / 1000;
  const importSamples = [...loaded.stop()];
  console.log(
    describe(
      `import of ${ROWS.toLocaleString('en')} numbers (created=${answer.created}, ${importSeconds.toFixed(1)} s), peak`,
      peakAndSteady(importSamples).peak,
      LOADED_BUDGET,
    ),
  );

  // Members and linked simulator accounts are written straight into the embedded database, as the fleet
  // benches do (sign-up is rate-limited); the running server's session host claims them within seconds.
  const db = new pg.Client({ connectionString: runningUrl(join(server.dataDir, 'pg')) });
  await db.connect();
  await db.query('UPDATE settings SET interval_min = $1, interval_max = $1, price = 100', [INTERVAL_S]);
  await db.query(`INSERT INTO message_templates (text, text_wa) VALUES ('<p>Halo {name}</p>', 'Halo {name}')`);
  const { rows: members } = await db.query(
    `INSERT INTO users (firstname, lastname, email, password_hash, referral_code)
     SELECT 'Member' || i, 'Memory', 'member' || i || '@memory.local', 'not-a-password', 'M' || lpad(i::text, 7, '0')
     FROM generate_series(1, $1) AS i RETURNING id`,
    [ACCOUNTS],
  );
  await db.query(
    `INSERT INTO whatsapp_accounts (clientid, user_id, phonenumber, pushname, auth_state, state, blasting, loop, status)
     SELECT 'memory-' || n, id, '62888' || lpad(n::text, 8, '0'), 'Memory ' || n,
            jsonb_build_object('simulator', jsonb_build_object('phonenumber', '62888' || lpad(n::text, 8, '0'), 'pushname', 'Memory ' || n)),
            'connected', true, true, 'sending'
     FROM unnest($1::int[]) WITH ORDINALITY AS m(id, n)`,
    [members.map((row) => row.id)],
  );
  const logged = async () => Number((await db.query('SELECT count(*) FROM message_logs')).rows[0].count);
  const blasting = sampleMemory(server.pid);
  const logsBefore = await logged();
  await sleep(SECONDS * 1000);
  const outcomes = (await logged()) - logsBefore;
  const blastSamples = blasting.stop();
  await db.end();
  const blast = peakAndSteady(blastSamples);
  const whole = peakAndSteady([...importSamples, ...blastSamples]);
  console.log(
    `${ACCOUNTS} simulator accounts blasting every ${INTERVAL_S} s for ${SECONDS} s: ${outcomes} outcomes logged ` +
      `(${(outcomes / SECONDS).toFixed(0)}/s), ${blastSamples.length} samples`,
  );
  console.log(describe(`${ROWS.toLocaleString('en')} numbers, blasting, steady (median)`, blast.steady, LOADED_BUDGET));
  console.log(describe(`${ROWS.toLocaleString('en')} numbers, blasting, peak`, blast.peak, LOADED_BUDGET));
  console.log(describe('peak over the import and the blasts', whole.peak, LOADED_BUDGET));
  console.log(describe('after the run', installMemory(server.pid), LOADED_BUDGET));
} finally {
  await server.stop();
}
