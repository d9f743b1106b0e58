/**
 * The embedded default database: a real PostgreSQL from npm (./binaries.ts) with its files in one
 * directory (DATA_DIR/pg), started and stopped by the server. It listens on a free loopback port, and
 * only with the password generated when the directory was made.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fchmodSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { isAlive, lockDataDir } from '../data-dir-lock.ts';
import { type Binaries, findBinaries } from './binaries.ts';
import { CREDENTIALS, type Credentials, DATABASE, initCluster, tail } from './init.ts';
import { clearLeftovers, stopOrphansOfRemoved } from './leftovers.ts';
import { binariesFor, handedDown, type RunAs, serviceUser } from './run-as.ts';

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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

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
  /** Server settings (`-c name=value`) for this start, beside the ones every start has. */
  settings?: Record<string, string>;
}

/** Starts PostgreSQL on `dir`, making the directory first when there is none; `kindOf(dir)` must be 'none' or 'embedded'. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(options.dir);
  mkdirSync(dirname(dir), { recursive: true });
  const release = lockDataDir(dir);
  try {
    const runAs = serviceUser();
    const bins = binariesFor(findBinaries(), runAs);
    await stopOrphansOfRemoved(dir, options.log);
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
    let launched = await launch(dir, bins, runAs, options);
    // The port was free when picked and may be taken before PostgreSQL binds it: another, a few times.
    for (let attempt = 1; attempt < 3 && launched.failure?.includes('could not bind'); attempt++) {
      launched = await launch(dir, bins, runAs, options);
    }
    if (launched.failure !== null) throw new Error(launched.failure);
    const postgres = launched.postgres;
    let stopping: Promise<void> | null = null;
    return {
      url: postgres.url,
      stop() {
        stopping ??= postgres.stop().then(release);
        return stopping;
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** One start of PostgreSQL on a free port: running, or why not (it stopped, its log's last lines). */
async function launch(
  dir: string,
  bins: Binaries,
  runAs: RunAs | null,
  { onExit, settings = {} }: StartOptions,
): Promise<{ postgres: EmbeddedPostgres; failure: null } | { postgres: null; failure: string }> {
  const credentials = credentialsOf(dir);
  const logFile = `${dir}.log`;
  const port = await freePort();
  // The log may quote a failed statement, and with it a user's data: for this user's eyes only.
  const logFd = openSync(logFile, 'a', 0o600);
  fchmodSync(logFd, 0o600);
  const data = handedDown([dir], runAs);
  const child = spawn(
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
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // Its own process group: a Ctrl-C in the terminal reaches the server alone, which closes its
    // connections first and then stops PostgreSQL itself.
    { detached: true, stdio: ['ignore', logFd, logFd, ...data.fds], ...(runAs ?? {}) },
  );
  closeSync(logFd);
  data.close();
  let exitReason: string | null = null;
  let state: 'starting' | 'ready' | 'stopping' = 'starting';
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  child.on('error', (error) => {
    exitReason = `PostgreSQL did not start: ${error.message}`;
  });
  child.on('exit', (code, signal) => {
    exitReason = `PostgreSQL stopped (${signal ?? code}):\n${tail(readFileSync(logFile, 'utf8'))}`;
    if (state === 'ready') onExit?.(exitReason);
  });
  // Whatever ends this process short of SIGKILL (an uncaught error, process.exit) asks PostgreSQL to stop.
  const onProcessExit = () => child.kill('SIGINT');
  process.on('exit', onProcessExit);
  const shutDown = async () => {
    state = 'stopping';
    process.off('exit', onProcessExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await gone;
    }
  };
  const config = { host: '127.0.0.1', port, user: credentials.user, password: credentials.password };
  try {
    const admin = await connectWhenReady({ ...config, database: 'postgres' }, () => exitReason);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await shutDown();
    return { postgres: null, failure: exitReason ?? (error as Error).message };
  }
  state = 'ready';
  return {
    failure: null,
    postgres: {
      url: `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${DATABASE}`,
      stop: shutDown,
    },
  };
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
