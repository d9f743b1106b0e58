/** `initdb` of the embedded PostgreSQL's data directory, with the generated password kept beside it. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Binaries } from './binaries.ts';
import { handedDown, type RunAs } from './run-as.ts';

/** Written beside PostgreSQL's own files when the directory is made: it marks the directory as ours. */
export const CREDENTIALS = 'sewablast.json';
export const DATABASE = 'sewablast';
export const USER = 'sewablast';

export interface Credentials {
  user: string;
  password: string;
  major: number;
}

/** stderr of a program PostgreSQL wrote to, or its log file: the last lines say why it stopped. */
export function tail(text: string, lines = 15): string {
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
