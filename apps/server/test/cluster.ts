/**
 * Nodes of a cluster as real processes (`src/main.ts` under tsx) on one PostgreSQL database and one Redis:
 * for the failover test, which kills and stops them as an operator's machines would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const SERVER_DIR = join(import.meta.dirname, '..');

export interface ClusterNode {
  readonly name: string;
  readonly role: 'api' | 'worker';
  readonly child: ChildProcess;
  /** The api node's address; empty for a worker. */
  readonly url: string;
  /** Everything the process wrote, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code, or the signal that ended it. */
  readonly exited: Promise<number | string>;
}

/**
 * Starts a node and resolves once its banner is printed, which `main()` does after the migrations, the
 * seed, the listener and the session host have started.
 */
export function startNode(name: string, role: 'api' | 'worker', env: Record<string, string>): Promise<ClusterNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    // Blasts whatever the time of day: the sending hours would hold them back at night in Jakarta.
    env: { PATH: process.env.PATH, PORT: '0', ROLE: role, ACCOUNT_SAFETY: '0', SIM_BANS: 'flat', ...env },
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const banner = /Sewablast \S+ — role (api|worker)/.test(output);
      const url = /Dashboard: (\S+)/.exec(output)?.[1] ?? '';
      if (banner && (role === 'worker' || url)) {
        resolve({ name, role, child, url, output: () => output, exited });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`${name} exited ${code} before its banner: ${output}`)));
  });
}

/** SIGTERM and the exit code. */
export async function stopNode(node: ClusterNode): Promise<number | string> {
  node.child.kill('SIGTERM');
  return node.exited;
}

/** The worker's id as its leases carry it (`host:pid:random`): its pid is what tells the nodes apart. */
export function ownedBy(node: ClusterNode, ownerId: string | null): boolean {
  return ownerId?.split(':')[1] === String(node.child.pid);
}

export async function until<T>(check: () => Promise<T | false | null | undefined>, ms: number, what: string) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
