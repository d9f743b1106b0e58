// Starts bench/lib/fleet-server.ts as its own process and reads what it reports (see that file).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export async function startFleet(env) {
  // FLEET_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.FLEET_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/lib/fleet-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  let pending = '';
  let waiting = null;
  server.stdout.on('data', (chunk) => {
    pending += chunk;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const line = pending.slice(0, end).trim();
      pending = pending.slice(end + 1);
      if (line.startsWith('{')) {
        lines.push(JSON.parse(line));
        waiting?.();
      }
      end = pending.indexOf('\n');
    }
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const nextLine = async () => {
    while (lines.length === 0) {
      const arrived = new Promise((resolve) => {
        waiting = resolve;
      });
      const code = await Promise.race([arrived, exited.then((status) => ({ exited: status }))]);
      if (code?.exited !== undefined) throw new Error(`fleet server exited (${code.exited})`);
    }
    return lines.shift();
  };
  const ready = await nextLine();
  const procStat = () => readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    ...ready,
    tokens: () => JSON.parse(readFileSync(ready.tokensFile, 'utf8')),
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    /** CPU seconds the server has used so far (user + system). */
    cpuSeconds: () => {
      const fields = procStat();
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /** The server's figures for the window so far (bench/lib/round-steps.ts), the engine's round trips among them. */
    async window() {
      server.kill('SIGUSR2');
      return nextLine();
    },
    /** Stops the server as a deploy would and answers the totals it reports. */
    async stop() {
      server.kill('SIGTERM');
      const totals = await nextLine();
      await exited;
      return totals;
    },
  };
}
