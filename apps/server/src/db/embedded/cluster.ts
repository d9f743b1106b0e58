/**
 * The embedded default database: a real PostgreSQL from npm (./binaries.ts) with its files in one
 * directory (DATA_DIR/pg), started and stopped by the server. It listens on a free loopback port, and
 * only with the password generated when the directory was made.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { isAlive, lockDataDir } from '../data-dir-lock.ts';
import { type Binaries, findBinaries } from './binaries.ts';
import { binariesFor, type RunAs, serviceUser } from './run-as.ts';

/** Written beside PostgreSQL's own files when the directory is made: it marks the directory as ours. */
const CREDENTIALS = 'sewablast.json';
const DATABASE = 'sewablast';
const USER = 'sewablast';

interface Credentials {
  user: string;
  password: string;
  major: number;
}

export type DirKind = 'none' | 'embedded' | 'pglite' | 'unknown';

/** What DATA_DIR/pg holds: nothing yet, ours, a PGlite database left by an earlier version, or else. */
export function kindOf(dir: string): DirKind {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return 'none';
  if (existsSync(join(dir, CREDENTIALS))) return 'embedded';
  // PGlite writes a whole data directory but never a real server's postmaster.opts.
  if (existsSync(join(dir, 'PG_VERSION')) && !existsSync(join(dir, 'postmaster.opts'))) return 'pglite';
  return 'unknown';
}

function credentialsOf(dir: string): Credentials {
  return JSON.parse(readFileSync(join(dir, CREDENTIALS), 'utf8')) as Credentials;
}

/** stderr of a program PostgreSQL wrote to, or its log file: the last lines say why it stopped. */
function tail(text: string, lines = 15): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

function runToEnd(command: string, args: string[], runAs: RunAs | null, fds: number[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe', ...fds], ...(runAs ?? {}) });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (${code}):\n${tail(output)}`)),
    );
  });
}

/**
 * How PostgreSQL's programs are told where a file or directory is. As themselves, by its path. As the
 * service user, through a descriptor this root process opened and hands down as fd 3, 4...: the
 * service user may not pass through the folders above DATA_DIR (a project in /root, a test's mkdtemp
 * folder), and /proc/self/fd/N leads straight to the directory, which that user owns. PostgreSQL changes
 * into its data directory once and works there, so its forked processes inherit both.
 */
function handedDown(paths: string[], runAs: RunAs | null): { args: string[]; fds: number[]; close(): void } {
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

/**
 * Makes a new database directory at `dir` (which must not exist): initdb into a temporary sibling, renamed
 * into place once complete, so a start cut short leaves no half-made directory behind under the real name.
 */
export async function initCluster(dir: string, bins: Binaries, runAs: RunAs | null): Promise<void> {
  const building = `${dir}.new`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true, mode: 0o700 });
  const secrets = mkdtempSync(join(tmpdir(), 'sewablast-initdb-'));
  const pwfile = join(secrets, 'password');
  const credentials: Credentials = { user: USER, password: randomBytes(24).toString('base64url'), major: bins.major };
  writeFileSync(pwfile, `${credentials.password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(building, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  const paths = handedDown([building, pwfile], runAs);
  try {
    await runToEnd(
      bins.initdb,
      [
        `--pgdata=${paths.args[0]}`,
        `--username=${USER}`,
        `--pwfile=${paths.args[1]}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider: the same sorting on every machine, whatever locales the system has.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
      paths.fds,
    );
  } finally {
    paths.close();
    rmSync(secrets, { recursive: true, force: true });
  }
  const file = join(building, CREDENTIALS);
  writeFileSync(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  if (runAs) chownSync(file, runAs.uid, runAs.gid);
  renameSync(building, dir);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

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
async function clearLeftovers(dir: string, log: (line: string) => void): Promise<void> {
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

async function connectWhenReady(config: pg.ClientConfig, exited: () => string | null): Promise<pg.Client> {
  for (;;) {
    const reason = exited();
    if (reason !== null) throw new Error(reason);
    const client = new pg.Client(config);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      const code = (error as { code?: string }).code;
      // Refused: not listening yet; 57P03: recovering or starting.
      if (code !== 'ECONNREFUSED' && code !== '57P03') throw error;
      await sleep(50);
    }
  }
}

export interface EmbeddedPostgres {
  /** The connection string of the database the server uses. */
  url: string;
  /** Shuts PostgreSQL down (fast: open transactions roll back) and releases the directory. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dir: string;
  log(line: string): void;
  /** PostgreSQL stopped while the server still used it. */
  onExit?(reason: string): void;
}

/** Starts PostgreSQL on `dir`, making the directory first when there is none; `kindOf(dir)` must be 'none' or 'embedded'. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(options.dir);
  mkdirSync(dirname(dir), { recursive: true });
  const release = lockDataDir(dir);
  let child: ChildProcess | null = null;
  try {
    const runAs = serviceUser();
    const bins = binariesFor(findBinaries(), runAs);
    if (kindOf(dir) === 'none') {
      rmSync(dir, { recursive: true, force: true });
      await initCluster(dir, bins, runAs);
    }
    const credentials = credentialsOf(dir);
    if (credentials.major !== bins.major) {
      throw new Error(
        `${dir} holds a PostgreSQL ${credentials.major} database and the installed programs are PostgreSQL ` +
          `${bins.major}: back it up with the version that wrote it (npm run backup), then restore it into an empty DATA_DIR.`,
      );
    }
    await clearLeftovers(dir, options.log);
    const logFile = `${dir}.log`;
    const port = await freePort();
    const logFd = openSync(logFile, 'a');
    const data = handedDown([dir], runAs);
    let exitReason: string | null = null;
    child = spawn(
      bins.postgres,
      [
        '-D',
        data.args[0] as string,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'log_min_messages=warning',
      ],
      // Its own process group: a Ctrl-C in the terminal reaches the server alone, which closes its
      // connections first and then stops PostgreSQL itself.
      { detached: true, stdio: ['ignore', logFd, logFd, ...data.fds], ...(runAs ?? {}) },
    );
    closeSync(logFd);
    data.close();
    const started = child;
    let stopping: Promise<void> | null = null;
    started.on('error', (error) => {
      exitReason = `PostgreSQL did not start: ${error.message}`;
    });
    started.on('exit', (code, signal) => {
      exitReason = `PostgreSQL stopped (${signal ?? code}):\n${tail(readFileSync(logFile, 'utf8'))}`;
      if (stopping === null) options.onExit?.(exitReason);
    });
    // Whatever ends this process short of SIGKILL (an uncaught error, process.exit) asks PostgreSQL to stop.
    const onProcessExit = () => started.kill('SIGINT');
    process.on('exit', onProcessExit);
    const config = { host: '127.0.0.1', port, user: credentials.user, password: credentials.password };
    const admin = await connectWhenReady({ ...config, database: 'postgres' }, () => exitReason);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
    const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${DATABASE}`;
    return {
      url,
      stop() {
        stopping ??= (async () => {
          process.off('exit', onProcessExit);
          if (started.exitCode === null && started.signalCode === null) {
            const gone = new Promise((done) => started.once('exit', done));
            started.kill('SIGINT');
            await gone;
          }
          release();
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((done) => child?.once('exit', done));
      child.kill('SIGINT');
      await gone;
    }
    release();
    throw error;
  }
}

/** The connection string of the embedded database while a server runs on `dir`, or null when none runs. */
export function runningUrl(dir: string): string | null {
  const pidFile = join(dir, 'postmaster.pid');
  if (kindOf(dir) !== 'embedded' || !existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!isAlive(pid) || !port) return null;
  const { user, password } = credentialsOf(dir);
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}
