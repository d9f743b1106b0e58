// The built server for a benchmark (its source through tsx with BENCH_SOURCE=1, no build needed): a fresh data
// folder, a free port, a dev login, and a clean stop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_LOGIN = { email: 'bench@dev.local', password: 'benchpass1' };

export async function startServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-bench-'));
  const main =
    process.env.BENCH_SOURCE === '1' ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['apps/server/dist/main.js'];
  const server = spawn(process.execPath, main, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_LOGIN.email,
      ADMIN_PASSWORD: BENCH_LOGIN.password,
      SEED_DEMO: '0',
      // The benches measure throughput: the account safety caps and sending hours would stop their blasts.
      ACCOUNT_SAFETY: '0',
      TWO_FACTOR_REQUIRED: '0',
      // The benchmarks' clients share one login: they measure the server, not one user's request budget.
      USER_REQUESTS_PER_SECOND: '1000000',
      USER_REQUESTS_IN_FLIGHT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Dashboard: (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    server.on('exit', () => reject(new Error(`server exited:\n${out}\n(run npm run build first)`)));
  });
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_LOGIN),
  }).then((res) => res.json());
  return {
    url,
    login,
    /** The server's process (the embedded PostgreSQL's postmaster is its child) and its data folder. */
    pid: server.pid,
    dataDir,
    headers: { authorization: `Bearer ${login.token}` },
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0),
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A figure against its budget (both in the same unit): 'met', or 'MISSED by' how many times the budget it is,
 * the form DESIGN §10's ratios take, so that a verdict reads alike on every bench.
 */
export function verdict(value, budget) {
  return value <= budget ? 'met' : `MISSED by ${(value / budget).toFixed(2)}×`;
}

/** `clients` clients each calling `ask()` again as soon as it settles, for `seconds`: its latencies, sorted. */
export async function backToBack(clients, seconds, ask) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await ask();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/**
 * `clients` clients asking GET /api/health of the server at `url` back to back for `seconds`: its latencies,
 * sorted. DESIGN §10 reads a list's p99 under the same load against this one's: what the machine's queue alone
 * costs a request that does nothing.
 */
export function healthBackToBack(url, clients, seconds) {
  return backToBack(clients, seconds, () => fetch(`${url}/api/health`).then((res) => res.arrayBuffer()));
}

/** The q-quantile (0–1) of sorted latencies, in ms with one decimal. */
export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
}
