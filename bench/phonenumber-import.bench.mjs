// First a JSON array of a million zeros (every row skipped): the answer's size, the time, the server's
// memory and GET /api/health's latency while it runs (issue 9: it once answered 74 MB after 7 s and held
// health up as long). Then the import of a generated 1,000,000-row CSV into the real built server (DESIGN
// §10: under 5 s through COPY and under 300 MB of server memory above idle on PostgreSQL); on PostgreSQL the
// same file first goes through the import in this process into the empty list twice, batched INSERTs (every
// import's way before COPY: the naive baseline) and COPY, each timed alone. Then p50/p99 of a searched,
// paged list at 50 concurrent clients, twice: each client asking again as soon as it has its answer (the
// most the server can do, where latency is mostly queueing), and each client asking every PACE_MS (250: 200
// requests a second in all, people paging and typing). Uses DATABASE_URL when set, else the embedded
// database. BENCH_ROWS changes the size. The same CSV is first read by the import's reader alone, in this
// process, so that the parsing's share of the import's time shows apart from the database's. Last, 100,000
// numbers (XLSX_ROWS) as an Excel workbook, beside the same numbers as CSV: each read by the reader alone, and
// the workbook imported into the server.
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { readImportRows } from '../apps/server/src/lib/import-rows.ts';
import { createPhoneNumberImport } from '../apps/server/src/modules/phonenumber/import.ts';
import { quantile, startServer } from './lib/server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PACE_MS = Number(process.env.PACE_MS ?? 250);
const XLSX_ROWS = Number(process.env.XLSX_ROWS ?? 100_000);
const BUDGET_S = 5;
const { url, login, headers, rssKb, stop } = await startServer({ IMPORT_MAX_MB: '200' });

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
    summary:
      `answer=${(text.length / 1024).toFixed(1)} KB  time=${seconds.toFixed(1)}s${answer.created >= 1_000_000 ? ` (budget ${BUDGET_S} s)` : ''}  ` +
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
async function importInProcess(databaseUrl, csv) {
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
          `time=${seconds.toFixed(1)}s (budget ${BUDGET_S} s)`,
      );
      // The bench's own database: the next import meets an empty list again.
      await database.db.execute(sql`truncate phone_numbers cascade`);
    }
  } finally {
    await database.close();
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
  if (process.env.DATABASE_URL) await importInProcess(process.env.DATABASE_URL, csv);
  const { answer, summary } = await importWatched(csv, 'numbers.csv', 'text/csv');
  console.log(
    `import ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB)  created=${answer.created}  skipped=${answer.skippedTotal}  ${summary}`,
  );

  // What a person types: ten digits of a number (1,000 matches each) or the start of a name (about 1,100);
  // and, for comparison, the whole list paged without a search.
  const searches = {
    'a number prefix': (n) => `6281200${String(Math.floor((n % ROWS) / 1000)).padStart(3, '0')}`,
    'a name prefix': (n) => `nama%20${(n % 900) + 100}`,
    'no search': () => '',
  };
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
      console.log(
        `list-per-page, ${kind}, ${paced ? `each client every ${PACE_MS} ms` : 'back to back'}  clients=${CLIENTS}  ` +
          `requests=${latencies.length}  rps=${(latencies.length / SECONDS).toFixed(0)}  p50=${at(0.5)}ms  p99=${at(0.99)}ms` +
          (paced ? '  (budget p99 under 20 ms paced, on PostgreSQL)' : ''),
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
