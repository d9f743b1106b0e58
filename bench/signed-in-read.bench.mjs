// Latency of an authenticated read (token check + user row + level) through the real server on the
// embedded database, 50 concurrent clients for 10 s. Prints p50/p99 and requests per second.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@dev.local',
    ADMIN_PASSWORD: 'benchpass1',
    SEED_DEMO: '0',
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

try {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@dev.local', password: 'benchpass1' }),
  }).then((res) => res.json());
  const headers = { authorization: `Bearer ${login.token}` };
  const target = `${url}/api/admin/users/${login.user.id}`;
  const latencies = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(target, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(
    `GET /api/admin/users/:id  clients=${CLIENTS}  requests=${latencies.length}  rps=${(latencies.length / SECONDS).toFixed(0)}  p50=${at(0.5)}ms  p99=${at(0.99)}ms`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
