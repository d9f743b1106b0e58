// Import of a generated 1,000,000-row CSV into the real built server (DESIGN §10: under 20 s and under
// 300 MB of server memory above idle on PostgreSQL), then p50/p99 of a searched, paged list at 50
// concurrent clients, twice: each client asking again as soon as it has its answer (the most the server
// can do, where latency is mostly queueing), and each client asking every PACE_MS (250: 200 requests a
// second in all, people paging and typing). Uses DATABASE_URL when set, else the embedded database.
// BENCH_ROWS changes the size.
import { quantile, startServer } from './lib/server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PACE_MS = Number(process.env.PACE_MS ?? 250);
const { url, headers, rssKb, stop } = await startServer({ IMPORT_MAX_MB: '200' });

try {
  const lines = ['number,name'];
  for (let i = 0; i < ROWS; i++) lines.push(`62812${String(i).padStart(8, '0')},Nama ${i}`);
  const csv = `${lines.join('\n')}\n`;
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'numbers.csv');

  const idle = rssKb();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb());
  }, 200);
  const started = performance.now();
  const answer = await fetch(`${url}/api/admin/phonenumber/import`, { method: 'POST', headers, body: form }).then(
    (res) => res.json(),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `import ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB)  created=${answer.created}  skipped=${answer.skipped?.length}  ` +
      `time=${seconds.toFixed(1)}s  server RSS +${((peak - idle) / 1024).toFixed(0)} MB above idle`,
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
          `requests=${latencies.length}  rps=${(latencies.length / SECONDS).toFixed(0)}  p50=${at(0.5)}ms  p99=${at(0.99)}ms`,
      );
    }
  }
} finally {
  await stop();
}
