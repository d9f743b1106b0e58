/**
 * The default install as `npm start` runs it (issue 21): the built server with no DATABASE_URL on a fresh
 * DATA_DIR starts a PostgreSQL of its own there, prints the logins, serves, stops cleanly on SIGTERM, and
 * starts again on the same data after a SIGTERM, a `kill -9` and a Ctrl-C. Once as root (a container's, a
 * VPS's first login, CI's: PostgreSQL then runs as the service user) and once as an ordinary user: the
 * runner itself when it is not root, else `nobody`, which the server cannot tell from any other account.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { isAlive } from '../apps/server/src/db/data-dir-lock.ts';
import { blockedOnTheWay, isRoot, type RunAs, SERVICE_USER } from '../apps/server/src/db/embedded/run-as.ts';

const ROOT = join(import.meta.dirname, '..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');

function userNamed(name: string): RunAs | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g'), name };
  } catch {
    return null;
  }
}

/** Who runs the server in the ordinary user's case: null is the runner itself, which is not root. */
const ordinary = isRoot() ? userNamed('nobody') : null;

/** Why the server cannot run as `user` here (no such user, or a checkout it may not reach), or null. */
function cannotRunAs(user: RunAs | null): string | null {
  if (!isRoot()) return null;
  if (!user) return 'the runner is root and this system has no user `nobody` to run the server as';
  const blocked = blockedOnTheWay(dirname(MAIN), user);
  return blocked
    ? `the checkout is closed to other users at ${blocked} (a clone under /root): clone it where others may read it`
    : null;
}

const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

/** The built server as `npm start` runs it, as `user` (null: as the runner), on `dataDir`. */
function start(dataDir: string, user: RunAs | null) {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: dataDir, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  running.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, exited, output: () => output };
}

type Run = ReturnType<typeof start>;

/** Once it serves (its banner printed; its exit fails at once): its address, its health naming the embedded database. */
async function serving(run: Run): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    const read = () => {
      if (!run.output().includes('API docs:')) return;
      run.child.stdout.off('data', read);
      resolve();
    };
    run.child.stdout.on('data', read);
    void run.exited.then((exit) => reject(new Error(`the server exited (${exit}):\n${run.output()}`)));
  });
  const url = /Dashboard: (\S+)/.exec(run.output())?.[1] as string;
  const health = (await (await fetch(`${url}/api/health`)).json()) as { ok?: boolean; db?: string };
  if (!health.ok || health.db !== 'embedded') throw new Error(`health answered ${JSON.stringify(health)}`);
  return url;
}

const postmasterOf = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** A failed case's PostgreSQL (its server killed, or stopped short): ended before its directory goes. */
async function stopPostgresLeftOn(dataDir: string): Promise<void> {
  if (!existsSync(join(dataDir, 'pg', 'postmaster.pid'))) return;
  const postmaster = postmasterOf(dataDir);
  if (!Number.isSafeInteger(postmaster) || postmaster <= 0 || !isAlive(postmaster)) return;
  process.kill(postmaster, 'SIGQUIT');
  while (isAlive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 100));
}

const ownerOf = (pid: number) => statSync(`/proc/${pid}`).uid;

async function signIn(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

const cases = [
  { who: 'as root', user: null, skip: isRoot() ? null : 'the runner is not root' },
  { who: 'as an ordinary user', user: ordinary, skip: cannotRunAs(ordinary) },
];

// The two at once: each waits mostly on its own PostgreSQL and migrations.
describe.skipIf(process.platform !== 'linux')('a fresh default install', { concurrent: true }, () => {
  for (const { who, user, skip } of cases) {
    it(`${who}: starts its own PostgreSQL, prints the logins, serves, and starts again after SIGTERM, kill -9 and Ctrl-C`, async (context) => {
      // Each concurrent test's own expect, so that a failure is told of the test it happened in.
      const { expect } = context;
      if (skip) {
        process.stdout.write(`fresh-install.e2e.ts ${who}: skipped, ${skip}\n`);
        context.skip(skip);
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-fresh-'));
      if (user) chownSync(dataDir, user.uid, user.gid);
      try {
        const first = start(dataDir, user);
        const url = await serving(first);
        const member = /member\s+(budi@sewablast\.local)\s+(\S+)/.exec(first.output());
        expect(member, first.output()).not.toBeNull();
        const [, email, password] = member as RegExpExecArray;
        expect(await signIn(url, email as string, password as string)).toBe(200);
        // Its own PostgreSQL, under DATA_DIR, run by whom PostgreSQL accepts: never root.
        const postmaster = postmasterOf(dataDir);
        const serverUid = user?.uid ?? process.getuid?.();
        expect(ownerOf(first.child.pid as number)).toBe(serverUid);
        expect(ownerOf(postmaster)).toBe(isRoot() && !user ? userNamed(SERVICE_USER)?.uid : serverUid);

        first.child.kill('SIGTERM');
        expect({ exit: await first.exited, output: first.output() }).toMatchObject({ exit: 0 });
        expect(isAlive(postmaster)).toBe(false);
        expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

        const second = start(dataDir, user);
        const again = await serving(second);
        expect(second.output()).toContain('Logins were printed on the first start');
        expect(await signIn(again, email as string, password as string)).toBe(200);
        second.child.kill('SIGKILL');
        await second.exited;

        // Its PostgreSQL outlived it: the next start stops that one, then starts on the same data.
        const third = start(dataDir, user);
        const thirdUrl = await serving(third);
        expect(third.output()).toContain('is still running from a server that did not stop');
        expect(await signIn(thirdUrl, email as string, password as string)).toBe(200);
        third.child.kill('SIGINT');
        expect({ exit: await third.exited, output: third.output() }).toMatchObject({ exit: 0 });
        expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      } finally {
        await stopPostgresLeftOn(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 300_000);
  }
});
