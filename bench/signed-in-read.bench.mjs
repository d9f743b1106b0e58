// Latency of an authenticated read (token check + user row + level) through the real server on the
// embedded database (or DATABASE_URL), 50 concurrent clients for 10 s. Prints p50/p99 and requests per second.
import { backToBack, quantile, startServer } from './lib/server.mjs';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const { url, login, headers, stop } = await startServer();

try {
  const target = `${url}/api/admin/users/${login.user.id}`;
  const latencies = await backToBack(CLIENTS, SECONDS, async () => {
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });
  console.log(
    `GET /api/admin/users/:id  clients=${CLIENTS}  requests=${latencies.length}  rps=${(latencies.length / SECONDS).toFixed(0)}  ` +
      `p50=${quantile(latencies, 0.5)}ms  p99=${quantile(latencies, 0.99)}ms`,
  );
} finally {
  await stop();
}
