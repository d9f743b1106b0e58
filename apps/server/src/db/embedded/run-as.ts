/**
 * PostgreSQL refuses to run as root. A server started as root (a container's default, a VPS's first
 * login) runs PostgreSQL's programs as an unprivileged system user of its own, which owns the data
 * directory and nothing else; any other user runs them as itself.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type Binaries, binariesAt } from './binaries.ts';

/** The system account PostgreSQL runs as when the server is root. */
export const SERVICE_USER = 'sewablast-db';

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function idOf(name: string): RunAs | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : null;
  } catch {
    return null;
  }
}

/** Debian/Red Hat's useradd, else BusyBox's adduser (Alpine). */
function createServiceUser(): void {
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        SERVICE_USER,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', SERVICE_USER]],
  ];
  for (const [command, args] of attempts) {
    try {
      execFileSync(command, args, { stdio: 'pipe' });
      return;
    } catch {
      // The next tool, or the error below.
    }
  }
}

/** null when this process is not root: PostgreSQL then runs as this process's own user. */
export function serviceUser(): RunAs | null {
  if (!isRoot()) return null;
  const existing = idOf(SERVICE_USER);
  if (existing) return existing;
  createServiceUser();
  const created = idOf(SERVICE_USER);
  if (!created) {
    throw new Error(
      `PostgreSQL does not run as root, and the system user ${SERVICE_USER} could not be created (useradd and ` +
        'adduser failed). Create it, start Sewablast as an ordinary user, or set DATABASE_URL.',
    );
  }
  return created;
}

/**
 * The first directory on the way to `path` that `user` may not pass through (no search permission), or
 * null. Root created the folders on the way; PostgreSQL, as `user`, must reach its programs and its data.
 */
export function blockedOnTheWay(path: string, user: RunAs): string | null {
  let current = resolve(path);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of chain) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(dir);
    } catch {
      return null;
    }
    const bits = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if (!(stat.mode & bits)) return dir;
  }
  return null;
}

class UnreachableError extends Error {
  constructor(user: RunAs, blocked: string, path: string) {
    super(
      `PostgreSQL does not run as root, so Sewablast runs it as the system user ${user.name}, who may not pass ` +
        `through ${blocked} on the way to ${path}. Start Sewablast as an ordinary user, allow it with ` +
        `\`chmod o+x ${blocked}\`, or set DATABASE_URL.`,
    );
  }
}

/** Where root keeps a copy of PostgreSQL's programs that the service user can run. */
const SHARED_BINARIES = '/var/lib/sewablast';

/**
 * The programs as `user` can run them: where npm put them, or, when a folder on the way is closed to
 * others (a project cloned into /root), a copy made once per version under /var/lib/sewablast.
 */
export function binariesFor(bins: Binaries, user: RunAs | null): Binaries {
  if (!user || blockedOnTheWay(bins.root, user) === null) return bins;
  const copy = join(SHARED_BINARIES, `postgres-${bins.version}`);
  if (!existsSync(copy)) {
    mkdirSync(SHARED_BINARIES, { recursive: true, mode: 0o755 });
    const partial = `${copy}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(bins.root, partial, { recursive: true, verbatimSymlinks: true });
    renameSync(partial, copy);
  }
  const blocked = blockedOnTheWay(copy, user);
  if (blocked) throw new UnreachableError(user, blocked, copy);
  return binariesAt(copy, bins);
}

/**
 * How PostgreSQL's programs are told where a file or directory is. As themselves, by its path. As the
 * service user, through a descriptor this root process opened and hands down as fd 3, 4...: the
 * service user may not pass through the folders above DATA_DIR (a project in /root, a test's mkdtemp
 * folder), and /proc/self/fd/N leads straight to the directory, which that user owns. PostgreSQL changes
 * into its data directory once and works there, so its forked processes inherit both.
 */
export function handedDown(paths: string[], runAs: RunAs | null): { args: string[]; fds: number[]; close(): void } {
  if (!runAs) return { args: paths, fds: [], close: () => {} };
  const fds = paths.map((path) => openSync(path, 'r'));
  return {
    args: fds.map((_, index) => `/proc/self/fd/${index + 3}`),
    fds,
    close: () => {
      for (const fd of fds) closeSync(fd);
    },
  };
}
