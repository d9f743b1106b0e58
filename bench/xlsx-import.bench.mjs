// GET /api/health's p50/p99 while a 1,000,000-row Excel workbook is imported through the API (issue 20:
// budget p99 under 100 ms), beside the same with nothing running. The workbook is written as Excel writes one
// (exceljs's streaming writer: the shared strings after the sheet, so the server keeps the sheet on disk
// until they arrive), a number typed as a number and a distinct name on each row. Also the import's time,
// the server's memory above idle, and the temporary folder the server was given, empty afterwards. Uses
// DATABASE_URL when set, else the embedded database. XLSX_ROWS changes the size, BENCH_SECONDS the idle
// window.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { quantile, startServer } from './lib/server.mjs';

const ROWS = Number(process.env.XLSX_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUDGET_P99_MS = 100;
const PROBE_EVERY_MS = 20;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The server's own temporary folder, to see that the import leaves nothing in it.
const serverTemp = mkdtempSync(join(tmpdir(), 'sewablast-bench-tmp-'));
const { url, headers, rssKb, stop } = await startServer({ IMPORT_MAX_MB: '200', TMPDIR: serverTemp });

async function workbookOf(rows) {
  const out = new PassThrough();
  const pieces = [];
  out.on('data', (piece) => pieces.push(piece));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Nomor');
  sheet.addRow(['number', 'name']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([6281300000000 + i, `Nama ${i}`]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(pieces);
}

/** GET /api/health every PROBE_EVERY_MS until `running()` says stop: the latencies, sorted. */
async function probeHealth(running) {
  const latencies = [];
  while (running()) {
    const begun = performance.now();
    await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
    latencies.push(performance.now() - begun);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return latencies.sort((a, b) => a - b);
}

const line = (latencies) =>
  `n=${latencies.length}  p50=${quantile(latencies, 0.5)}ms  p99=${quantile(latencies, 0.99)}ms  ` +
  `max=${quantile(latencies, 1)}ms  (budget p99 under ${BUDGET_P99_MS} ms)`;

try {
  const made = performance.now();
  const xlsx = await workbookOf(ROWS);
  console.log(
    `workbook of ${ROWS.toLocaleString('en')} rows: ${(xlsx.length / 1e6).toFixed(1)} MB, written in ${((performance.now() - made) / 1000).toFixed(1)}s`,
  );

  const idleUntil = Date.now() + SECONDS * 1000;
  console.log(`/api/health, nothing running (${SECONDS}s)  ${line(await probeHealth(() => Date.now() < idleUntil))}`);

  const form = new FormData();
  form.append('file', new Blob([xlsx], { type: XLSX_TYPE }), 'numbers.xlsx');
  const idle = rssKb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb());
  }, 50);
  let importing = true;
  const probing = probeHealth(() => importing);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/phonenumber/import`, { method: 'POST', headers, body: form });
  const answer = await res.json();
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  const during = await probing;
  clearInterval(sampler);
  console.log(
    `import ${ROWS.toLocaleString('en')} rows of .xlsx  status=${res.status}  created=${answer.created ?? answer.msg}  ` +
      `time=${seconds.toFixed(1)}s  server RSS +${((peak - idle) / 1024).toFixed(0)} MB above idle (peak ${(peak / 1024).toFixed(0)} MB)`,
  );
  console.log(`/api/health, while it imports  ${line(during)}`);
  // tsx keeps its cache there when the server runs from its source (BENCH_SOURCE=1).
  const left = readdirSync(serverTemp).filter((name) => !name.startsWith('tsx-'));
  console.log(`server's temporary folder afterwards: ${left.length ? left.join(', ') : 'empty'}`);
} finally {
  await stop();
  rmSync(serverTemp, { recursive: true, force: true });
}
