/**
 * What a server killed with SIGKILL leaves of its embedded PostgreSQL: nothing stops a child when its
 * parent is killed, so PostgreSQL runs on with nobody using it, or (after a power cut) its postmaster.pid
 * names a pid some other process has since been given.
 */
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from '../data-dir-lock.ts';

/** The working directory of a running process (a postmaster's is its data directory), or null where /proc cannot tell. */
function workingDirectoryOf(pid: number): string | null {
  try {
    return realpathSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await sleep(50);
  }
  return true;
}

/**
 * A server killed with SIGKILL cannot stop its PostgreSQL, which then runs on with nobody using it. The
 * server's lock (DATA_DIR/pg.lock) is ours by now, so a postmaster on this directory is such an orphan:
 * it is shut down (fast, then immediate). A postmaster.pid naming a live process that is no postmaster of
 * this directory (its pid reused after a restart) would stop PostgreSQL from starting: it is removed.
 */
export async function clearLeftovers(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const cwd = workingDirectoryOf(pid);
  const ours = cwd === null || cwd === realpathSync(dir);
  if (!ours) {
    rmSync(pidFile, { force: true });
    return;
  }
  log(`PostgreSQL (pid ${pid}) is still running from a server that did not stop; stopping it first...`);
  process.kill(pid, 'SIGINT');
  if (await waitUntilGone(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitUntilGone(pid, 10_000)) return;
  throw new Error(`PostgreSQL (pid ${pid}) on ${dir} does not stop; stop it, then start Sewablast again`);
}
