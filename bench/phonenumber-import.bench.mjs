// First a JSON array of a million zeros (every row skipped): the answer's size, the time, the server's
// memory and GET /api/health's latency while it runs (issue 9: it once answered 74 MB after 7 s and held
// health up as long). Then the import of a generated 1,000,000-row CSV into the real built server (DESIGN
// §10: within 1.2× of `psql`'s COPY of the same file into the same table and indexes, timed first in the same
// run on the server's own database, and under 300 MB of server memory above idle); on PostgreSQL the same file
// also goes through the import in this process into the empty list twice, batched INSERTs (every import's way
// before COPY: the naive baseline) and COPY, each timed alone. Then p50/p99 of a searched, paged list at 50
// concurrent clients, twice: each client asking again as soon as it has its answer (the most the server can
// do, where latency is mostly queueing; DESIGN: p99 within 5× of /api/health's p99 under the same clients,
// measured just before), and each client asking every PACE_MS (250: 200 requests a second in all, people
// paging and typing; DESIGN: p99 under 20 ms). Uses DATABASE_URL when set, else the embedded
// database. BENCH_ROWS changes the size. The same CSV is first read by the import's reader alone, in this
// process, so that the parsing's share of the import's time shows apart from the database's. Last, 100,000
// numbers (XLSX_ROWS) as an Excel workbook, beside the same numbers as CSV: each read by the reader alone, and
// the workbook imported into the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runningUrl } from '../apps/server/src/db/embedded/cluster.ts';
import { readImportRows } from '../apps/server/src/lib/import-rows.ts';
import { createPhoneNumberImport } from '../apps/server/src/modules/phonenumber/import.ts';
import { healthBackToBack, quantile, startServer, verdict } from './lib/server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PACE_MS = Number(process.env.PACE_MS ?? 250);
const XLSX_ROWS = Number(process.env.XLSX_ROWS ?? 100_000);
/** DESIGN §10: the server's import within this many times psql's COPY of the same file. */
const COPY_TIMES = 1.2;
const MEMORY_BUDGET_MB = 300;
const HEALTH_TIMES = 5;
const PACED_BUDGET_MS = 20;
const { url, login, headers, rssKb, dataDir, stop } = await startServer({ IMPORT_MAX_MB: '200' });
/** The server's database: DATABASE_URL's, else the embedded PostgreSQL it started in its data folder. */
const serverDatabaseUrl = process.env.DATABASE_URL || runningUrl(join(dataDir, 'pg'));

/** In pieces of 64 KiB, about as an upload arrives. */
const piecesOf = (bytes) =>
  Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));

/** Rows read from `bytes` by the import's reader alone, and the seconds it took. */
async function readAlone(bytes) {
  const started = performance.now();
  let read = 0;
  for await (const _ of readImportRows(Readable.from(piecesOf(bytes)))) read++;
  return { read, seconds: ((performance.now() - started) / 1000).toFixed(2) };
}

/** A workbook of `rows` ([number, name]) written as Excel writes one: shared strings after the sheet. */
async function workbookOf(rows) {
  const out = new PassThrough();
  const pieces = [];
  out.on('data', (piece) => pieces.push(piece));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Nomor');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(pieces);
}

/** Imports `file` while asking GET /api/health every 20 ms: the answer, and a line of figures. */
async function importWatched(file, name, type) {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), name);
  const idle = rssKb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb());
  }, 50);
  const health = [];
  let importing = true;
  const prober = (async () => {
    while (importing) {
      const begun = performance.now();
      await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
      health.push(performance.now() - begun);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const text = await fetch(`${url}/api/admin/phonenumber/import`, { method: 'POST', headers, body: form }).then((res) =>
    res.text(),
  );
  const seconds = (performance.now() - started) / 1000;
  const answer = JSON.parse(text);
  importing = false;
  await prober;
  clearInterval(sampler);
  health.sort((a, b) => a - b);
  return {
    answer,
    seconds,
    aboveIdleMb: (peak - idle) / 1024,
    summary:
      `answer=${(text.length / 1024).toFixed(1)} KB  time=${seconds.toFixed(1)}s  ` +
      `server RSS peak ${(peak / 1024).toFixed(0)} MB (+${((peak - idle) / 1024).toFixed(0)} MB above idle)  ` +
      `health during import: n=${health.length} p50=${quantile(health, 0.5)}ms max=${quantile(health, 1)}ms`,
  };
}

/**
 * The naive baseline, every import's way before COPY: the file's rows in batched `INSERT … SELECT FROM unnest`
 * statements of 1000, the list's duplicates left out by `on conflict`. The rows are taken as read (no
 * report of the skipped ones), so it is the least the batches cost.
 */
async function importBatched(db, csv) {
  let created = 0;
  let batch = [];
  const write = async () => {
    const inserted = await db.execute(sql`insert into phone_numbers (number, name, source)
      select number, name, 'import'
      from unnest(${sql.param(batch.map((row) => row[0]))}::varchar[], ${sql.param(batch.map((row) => row[1]))}::varchar[])
        as batch(number, name)
      on conflict (number) do nothing`);
    created += inserted.rowCount ?? 0;
    batch = [];
  };
  for await (const row of readImportRows(Readable.from(piecesOf(Buffer.from(csv))))) {
    if (row.kind !== 'cells' || row.line === 1) continue;
    batch.push([row.cells[0], row.cells[1] ?? '']);
    if (batch.length === 1000) await write();
  }
  if (batch.length > 0) await write();
  return { created };
}

/** `csv` through the import in this process, batched (the naive baseline) then by COPY, each into the empty list. */
async function importInProcess(databaseUrl, csv, copySeconds) {
  const database = await openDatabase({ url: databaseUrl, poolMax: 2 });
  try {
    for (const [way, imported] of [
      ['batched INSERT (naive baseline)', () => importBatched(database.db, csv)],
      [
        'COPY',
        () => createPhoneNumberImport(database.db).importFile(login.user, Readable.from(piecesOf(Buffer.from(csv)))),
      ],
    ]) {
      const started = performance.now();
      const answer = await imported();
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `import ${ROWS.toLocaleString('en')} rows in the bench's process, ${way}  created=${answer.created}  ` +
          `time=${seconds.toFixed(1)}s${copySeconds ? ` (${(seconds / copySeconds).toFixed(2)}× psql COPY's)` : ''}`,
      );
      // The bench's own database: the next import meets an empty list again.
      await database.db.execute(sql`truncate phone_numbers cascade`);
    }
  } finally {
    await database.close();
  }
}

/** psql here: on the PATH, else the newest of the Debian packages' clusters; null when there is none. */
function findPsql() {
  if (spawnSync('psql', ['--version']).status === 0) return 'psql';
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(root, version, 'bin', 'psql')).find((path) => existsSync(path)) ?? null;
}

/**
 * DESIGN §10's reference: `csv` through psql's `\copy` into the server's empty phone_numbers (the same table,
 * its indexes as the migrations leave them), timed from psql's start to its end, then emptied again for the
 * server's import. Seconds, or null when psql is not on this machine.
 */
function psqlCopy(csv) {
  const psql = findPsql();
  if (!psql) return null;
  const file = join(dataDir, 'reference.csv');
  writeFileSync(file, csv);
  const run = (command) => {
    const started = performance.now();
    const done = spawnSync(psql, [serverDatabaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', command], {
      encoding: 'utf8',
    });
    if (done.status !== 0) throw new Error(`psql: ${done.stderr}`);
    return (performance.now() - started) / 1000;
  };
  try {
    return run(`\\copy phone_numbers (number, name) from '${file}' with (format csv, header true)`);
  } finally {
    run('truncate phone_numbers cascade');
    rmSync(file);
  }
}

try {
  const zeros = `[${Array.from({ length: 1_000_000 }, () => '0').join(',')}]`;
  const skipped = await importWatched(zeros, 'zeros.json', 'application/json');
  console.log(
    `import a million zeros (${(zeros.length / 1e6).toFixed(1)} MB JSON)  skipped=${skipped.answer.skippedTotal}  ${skipped.summary}`,
  );

  const lines = ['number,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`62812${String(i).padStart(8, '0')},Nama ${i}`);
  const csv = `${lines.join('\n')}\n`;
  const alone = await readAlone(Buffer.from(csv));
  console.log(`read ${alone.read.toLocaleString('en')} CSV rows, reader alone  time=${alone.seconds}s`);
  const copySeconds = psqlCopy(csv);
  console.log(
    copySeconds === null
      ? 'psql COPY of the same CSV: not measured (no psql on this machine), so the import has no reference'
      : `psql \\copy of the same CSV into the same table and indexes  time=${copySeconds.toFixed(1)}s`,
  );
  if (process.env.DATABASE_URL) await importInProcess(process.env.DATABASE_URL, csv, copySeconds);
  const { answer, seconds, aboveIdleMb, summary } = await importWatched(csv, 'numbers.csv', 'text/csv');
  console.log(
    `import ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB)  created=${answer.created}  skipped=${answer.skippedTotal}  ${summary}`,
  );
  console.log(
    `budget (DESIGN §10): import of a 1,000,000-row CSV (PostgreSQL): within ${COPY_TIMES}× of \`psql COPY\` into the same ` +
      `table and indexes on the same machine; server memory under ${MEMORY_BUDGET_MB} MB more than idle`,
  );
  console.log(
    `  ${
      copySeconds === null
        ? 'time: no psql COPY reference measured'
        : `time ${seconds.toFixed(1)} s = ${(seconds / copySeconds).toFixed(2)}× psql COPY's ${copySeconds.toFixed(1)} s: ${verdict(seconds, COPY_TIMES * copySeconds)}`
    }; server RSS +${aboveIdleMb.toFixed(0)} MB above idle: ${verdict(aboveIdleMb, MEMORY_BUDGET_MB)}`,
  );

  // What a person types: ten digits of a number (1,000 matches each) or the start of a name (about 1,100);
  // and, for comparison, the whole list paged without a search.
  const searches = {
    'a number prefix': (n) => `6281200${String(Math.floor((n % ROWS) / 1000)).padStart(3, '0')}`,
    'a name prefix': (n) => `nama%20${(n % 900) + 100}`,
    'no search': () => '',
  };
  console.log(
    `budget (DESIGN §10): any page and any search of a list of 1,000,000 rows, ${CLIENTS} clients back to back: p99 within ` +
      `${HEALTH_TIMES}× of \`/api/health\`'s p99 in the same run; paced at 200 requests/s, p99 under ${PACED_BUDGET_MS} ms`,
  );
  const health = await healthBackToBack(url, CLIENTS, SECONDS);
  const healthP99 = Number(quantile(health, 0.99));
  console.log(
    `/api/health, back to back  clients=${CLIENTS}  requests=${health.length}  p50=${quantile(health, 0.5)}ms  p99=${healthP99}ms`,
  );
  for (const paced of [false, true]) {
    for (const [kind, searchOf] of Object.entries(searches)) {
      const latencies = [];
      const until = Date.now() + SECONDS * 1000;
      let n = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          // Paced clients start spread over one period, as people do not click in step.
          if (paced) await new Promise((resolve) => setTimeout(resolve, (PACE_MS * client) / CLIENTS));
          while (Date.now() < until) {
            n += 7919;
            const begun = performance.now();
            const res = await fetch(
              `${url}/api/admin/phonenumber/list-per-page?page=${1 + (n % 5)}&search=${searchOf(n)}&synced=${n}`,
              { headers },
            );
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`status ${res.status}`);
            const took = performance.now() - begun;
            latencies.push(took);
            if (paced) await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - took)));
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (q) => quantile(latencies, q);
      const p99 = Number(at(0.99));
      console.log(
        `list-per-page, ${kind}, ${paced ? `each client every ${PACE_MS} ms` : 'back to back'}  clients=${CLIENTS}  ` +
          `requests=${latencies.length}  rps=${(latencies.length / SECONDS).toFixed(0)}  p50=${at(0.5)}ms  p99=${p99}ms  ` +
          (paced
            ? `(under ${PACED_BUDGET_MS} ms: ${verdict(p99, PACED_BUDGET_MS)})`
            : `(${(p99 / healthP99).toFixed(1)}× health's, within ${HEALTH_TIMES}×: ${verdict(p99, HEALTH_TIMES * healthP99)})`),
      );
    }
  }

  // Numbers the CSV above did not hold, typed into the sheet as numbers (as Excel keeps what looks like one).
  const excelRows = Array.from({ length: XLSX_ROWS }, (_, i) => [6289000000000 + i, `Excel ${i}`]);
  const xlsx = await workbookOf([['number', 'name'], ...excelRows]);
  const excelCsv = Buffer.from(`number,name\n${excelRows.map((row) => row.join(',')).join('\n')}\n`);
  for (const [kind, bytes] of [
    ['CSV', excelCsv],
    ['.xlsx', xlsx],
  ]) {
    const { read, seconds } = await readAlone(bytes);
    console.log(
      `read ${read.toLocaleString('en')} ${kind} rows (${(bytes.length / 1e6).toFixed(1)} MB), reader alone  time=${seconds}s`,
    );
  }
  const excel = await importWatched(
    xlsx,
    'numbers.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  console.log(
    `import ${XLSX_ROWS.toLocaleString('en')} rows of .xlsx (${(xlsx.length / 1e6).toFixed(1)} MB)  created=${excel.answer.created}  skipped=${excel.answer.skippedTotal}  ${excel.summary}`,
  );
} finally {
  await stop();
}
