/**
 * What a server killed with SIGKILL leaves of its embedded PostgreSQL: nothing stops a child when its
 * parent is killed, so PostgreSQL runs on with nobody using it, or (after a power cut) its postmaster.pid
 * names a pid some other process has since been given.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

function linkOf(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * A server killed with SIGKILL whose DATA_DIR was then deleted leaves its PostgreSQL running on files that
 * no longer have a name: nothing is left to find it by but the processes themselves. It would hold its
 * memory and port until it notices its postmaster.pid is gone (up to a minute), and a new directory given
 * the old one's inode number would meet its shared memory block and refuse to start. A postgres process
 * whose working directory is `dir` removed (Linux shows it as "<path> (deleted)") can only be such an
 * orphan, as the server holds the directory's lock: its postmaster is stopped at once (immediate: the data
 * is gone already). Where /proc does not exist, nothing is found.
 */
export async function stopOrphansOfRemoved(dir: string, log: (line: string) => void): Promise<void> {
  const removed = `${join(realpathSync(dirname(dir)), basename(dir))} (deleted)`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  const orphans = new Set<number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    if (linkOf(`/proc/${entry}/cwd`) !== removed) continue;
    if (basename(linkOf(`/proc/${entry}/exe`) ?? '') !== 'postgres') continue;
    orphans.add(Number(entry));
  }
  // The postmaster is the one whose parent is none of them; its children end when it does.
  const postmasters = [...orphans].filter((pid) => !orphans.has(parentOf(pid) ?? 0));
  for (const pid of postmasters) {
    log(
      `PostgreSQL (pid ${pid}) still runs on ${dir}, which was deleted after its server stopped; stopping it first...`,
    );
    signal(pid, 'SIGQUIT');
    if (await waitUntilGone(pid, 10_000)) continue;
    signal(pid, 'SIGKILL');
    if (!(await waitUntilGone(pid, 5_000))) {
      throw new Error(
        `PostgreSQL (pid ${pid}) of the deleted ${dir} does not stop; stop it, then start Sewablast again`,
      );
    }
  }
}

/** A signal to a process that may have ended meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
