/**
 * One server at a time on an embedded data directory. The embedded PostgreSQL (embedded/cluster.ts) is the
 * server's own: a second `npm start` on the same DATA_DIR must neither start a second PostgreSQL nor take
 * the first one's for a leftover of a killed server and stop it. The lock file next to the directory
 * names the holder by its pid and, on Linux, by its start time, so a lock left by a killed process is
 * recognised and taken over even when the pid has since been reused (a container restarted), or while the
 * killed process is a zombie.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DataDirBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `${lockFile} says process ${pid} is using this database; one server at a time runs on a data ` +
        'directory. Stop the other process first, or delete the lock file if no Sewablast process runs.',
    );
  }
}

const heldHere = new Set<string>();

/** The fields of /proc/<pid>/stat after the command name, or null where /proc does not exist. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed: state first.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (clock ticks since boot), or null where /proc does not exist. */
function startTimeOf(pid: number): string | null {
  return statOf(pid)?.[19] ?? null;
}

function isRunning(pid: number, startTime: string | null): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = statOf(pid);
  // A zombie (Z) or a dying one (X) holds no files: killed, only not yet reaped by its parent (a supervisor
  // restarting it right after `kill -9`), and signal 0 still reaches it.
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  if (startTime === null) return true;
  return stat === null || stat[19] === startTime;
}

/** A live process (not a zombie), other than this one. */
export const isAlive = (pid: number): boolean => isRunning(pid, null);

function holder(lockFile: string): { pid: number; startTime: string | null } | null {
  try {
    const [pid, startTime] = readFileSync(lockFile, 'utf8').trim().split(/\s+/);
    const id = Number(pid);
    return Number.isSafeInteger(id) && id > 0 ? { pid: id, startTime: startTime || null } : null;
  } catch {
    return null;
  }
}

/** Takes the lock of `dataDir` or throws DataDirBusyError; answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  if (heldHere.has(lockFile)) throw new DataDirBusyError(lockFile, process.pid);
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${mine}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = holder(lockFile);
      // A second EEXIST means another process took the stale lock between our removal and our try.
      if (attempt > 0 || (current && isRunning(current.pid, current.startTime))) {
        throw new DataDirBusyError(lockFile, current?.pid ?? 0);
      }
      rmSync(lockFile, { force: true });
    }
  }
  heldHere.add(lockFile);
  return () => {
    heldHere.delete(lockFile);
    if (holder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
  };
}
