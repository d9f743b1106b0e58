// GET /api/health while files are stored and served (DESIGN §10: p99 under 100 ms while a 15 MB file is stored
// and while it is downloaded 8 times at once): p50/p99 with nothing running, while a 15 MB template medium is
// uploaded again and again, and while it is downloaded 8 times at once round after round, in the real server.
// Then, in this process, the naive way beside the store the server uses, on the same database: a 15 MB file
// written as one bytea and read back whole 8 times at once (every file's way before the chunked store), and the
// same through the chunked store, with how late a 5 ms timer of this process fires meanwhile (what a request
// waits for the event loop) and how much of the time the event loop was busy. Uses DATABASE_URL when set, else
// the embedded database. BENCH_SECONDS (5) is the length of each phase; FILE_MB (15) the file's size.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { files } from '../apps/server/src/db/schema.ts';
import { createDatabaseFileStore } from '../apps/server/src/modules/file/database-store.ts';
import { benchDatabase } from './lib/database.mjs';
import { quantile, startServer } from './lib/server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const FILE_MB = Number(process.env.FILE_MB ?? 15);
const BUDGET_MS = 100;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const media = Buffer.concat([PNG, randomBytes(FILE_MB * 1024 * 1024 - PNG.length)]);
const scratch = mkdtempSync(join(tmpdir(), 'sewablast-file-bench-'));
const mediaPath = join(scratch, 'bench.png');
writeFileSync(mediaPath, media);
const run = promisify(execFile);

const { url, headers, stop } = await startServer({
  // The downloads measure the server, not one address's share of it.
  FILE_DOWNLOADS_PER_MINUTE: '1000000',
  FILE_DOWNLOADS_IN_FLIGHT: '10000',
});

/** GET /api/health every 10 ms while `work` runs (at least `SECONDS`): the sorted latencies and the rounds done. */
async function healthDuring(work) {
  const latencies = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const begun = performance.now();
      await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
      latencies.push(performance.now() - begun);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const until = performance.now() + SECONDS * 1000;
  let rounds = 0;
  do {
    await work();
    rounds++;
  } while (performance.now() < until);
  running = false;
  await prober;
  return { sorted: latencies.sort((a, b) => a - b), rounds };
}

const line = (label, { sorted, rounds }, what) =>
  `${label.padEnd(44)} health n=${String(sorted.length).padStart(4)} p50=${quantile(sorted, 0.5).padStart(6)} ms  ` +
  `p99=${quantile(sorted, 0.99).padStart(6)} ms  (budget p99 < ${BUDGET_MS} ms)  ${rounds} ${what}`;

// The uploads and downloads run in curl processes: sent or read by this process, 15 MB would hold up the
// prober's own event loop and be counted as the server's latency.
async function storeOnce() {
  const { stdout } = await run('curl', [
    '-s',
    '-w',
    '\n%{http_code}',
    '-H',
    `authorization: ${headers.authorization}`,
    '--form-string',
    'text=<p>Bench</p>',
    '-F',
    `file=@${mediaPath};type=image/png;filename=bench.png`,
    `${url}/api/admin/message/create`,
  ]);
  const [body, status] = stdout.split('\n');
  if (status !== '200') throw new Error(`upload answered ${status}: ${body}`);
  return JSON.parse(body).message;
}

async function downloadOnce(path) {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download}',
    `${url}${path}`,
  ]);
  if (stdout !== `200 ${media.length}`) throw new Error(`download answered ${stdout}`);
}

/** How late a 5 ms timer of this process fires while `work` runs: p50, p99 and the worst, in ms. */
async function timerLatenessDuring(work) {
  const late = [];
  let expected = performance.now() + 5;
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(Math.max(0, now - expected));
    expected = now + 5;
  }, 5);
  const started = performance.now();
  const busyBefore = performance.eventLoopUtilization();
  await work();
  const busy = performance.eventLoopUtilization(busyBefore).utilization;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  clearInterval(timer);
  late.sort((a, b) => a - b);
  return (
    `${seconds}s  timer lateness p50=${quantile(late, 0.5)} ms p99=${quantile(late, 0.99)} ms ` +
    `max=${quantile(late, 1)} ms  event loop busy ${(busy * 100).toFixed(0)} %`
  );
}

/** The naive way beside the chunked store, in this process, on the benchmark's database (or one of its own). */
async function inProcess() {
  const { database, label, close } = await benchDatabase();
  const { db } = database;
  const store = createDatabaseFileStore(db);
  try {
    let wholeId = 0;
    const wholeWrite = await timerLatenessDuring(async () => {
      const [row] = await db
        .insert(files)
        .values({ name: 'whole.png', mime: 'image/png', size: media.length, bytes: media })
        .returning({ id: files.id });
      wholeId = row.id;
    });
    const wholeRead = await timerLatenessDuring(() =>
      Promise.all(Array.from({ length: 8 }, () => db.select().from(files).where(eq(files.id, wholeId)))),
    );
    const [chunked] = await db
      .insert(files)
      .values({ name: 'chunks.png', mime: 'image/png', size: 0, complete: false })
      .returning({ id: files.id });
    const pieces = Array.from({ length: Math.ceil(media.length / 65536) }, (_, i) =>
      media.subarray(i * 65536, (i + 1) * 65536),
    );
    const chunkWrite = await timerLatenessDuring(async () => {
      const { size } = await store.put(chunked.id, pieces);
      await db.update(files).set({ size, complete: true }).where(eq(files.id, chunked.id));
    });
    const chunkRead = await timerLatenessDuring(() =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          for await (const _ of store.get(chunked.id));
        }),
      ),
    );
    console.log(`${FILE_MB} MB in this process (${label}):`);
    console.log(`  whole bytea (naive, before)  written ${wholeWrite}`);
    console.log(`  whole bytea (naive, before)  read 8× at once ${wholeRead}`);
    console.log(`  chunks (file_chunks, now)    written ${chunkWrite}`);
    console.log(`  chunks (file_chunks, now)    read 8× at once ${chunkRead}`);
    await db.delete(files).where(eq(files.id, wholeId));
    await store.delete(chunked.id);
    await db.delete(files).where(eq(files.id, chunked.id));
  } finally {
    await close();
  }
}

try {
  console.log(`server on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}, ${FILE_MB} MB file`);
  console.log(line('nothing running', await healthDuring(() => new Promise((r) => setTimeout(r, 100))), 'idle rounds'));
  let message;
  console.log(
    line(
      `${FILE_MB} MB template medium stored`,
      await healthDuring(async () => {
        message = await storeOnce();
      }),
      'uploads',
    ),
  );
  console.log(
    line(
      `${FILE_MB} MB downloaded 8× at once`,
      await healthDuring(() => Promise.all(Array.from({ length: 8 }, () => downloadOnce(message.media)))),
      'rounds of 8',
    ),
  );
} finally {
  await stop();
  rmSync(scratch, { recursive: true, force: true });
}
await inProcess();
