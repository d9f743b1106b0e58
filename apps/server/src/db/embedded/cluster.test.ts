/**
 * The embedded PostgreSQL as the server starts it: a directory made on first start and reused after,
 * a password on a loopback port, a stop that ends the process, and a start after a SIGKILL of its owner
 * (the orphaned PostgreSQL stopped, also when its DATA_DIR was deleted meanwhile), of its postmaster alone,
 * or with a postmaster.pid whose pid another process now has.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../data-dir-lock.ts';
import { kindOf, runningUrl, startEmbeddedPostgres } from './cluster.ts';
import { serviceUser } from './run-as.ts';

const scratch = mkdtempSync(join(tmpdir(), 'sewablast-cluster-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const quiet = () => {};

async function ask(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = (dir: string) => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Starts PostgreSQL on `dir` from a child process, then SIGKILLs the child: answers the postmaster it left. */
async function orphanOn(dir: string): Promise<number> {
  const owner = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${join(import.meta.dirname, 'cluster.ts')}').then(async ({ startEmbeddedPostgres }) => {
        await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, log: () => {} });
        console.log('started');
      })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => owner.stdout.on('data', resolve));
  const orphan = postmasterPid(dir);
  owner.kill('SIGKILL');
  await new Promise((resolve) => owner.on('exit', resolve));
  expect(isAlive(orphan)).toBe(true);
  return orphan;
}

describe.skipIf(process.platform !== 'linux')('the embedded PostgreSQL', () => {
  it('makes its directory once, asks for the password, keeps data across starts and stops', async () => {
    const dir = join(scratch, 'first', 'pg');
    expect(kindOf(dir)).toBe('none');
    const first = await startEmbeddedPostgres({ dir, log: quiet });
    expect(kindOf(dir)).toBe('embedded');
    const url = new URL(first.url);
    expect(url.hostname).toBe('127.0.0.1');
    await ask(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    url.password = 'wrong';
    await expect(ask(url.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    expect(runningUrl(dir)).toBe(first.url);
    // PostgreSQL refuses root: as root it runs as the service user, who owns its directory.
    expect(statSync(dir).uid).toBe(serviceUser()?.uid ?? process.getuid?.());
    // Its log may quote a failed statement's data: closed to other users.
    expect(statSync(`${dir}.log`).mode & 0o077).toBe(0);
    const pid = postmasterPid(dir);
    await first.stop();
    expect(isAlive(pid)).toBe(false);
    expect(runningUrl(dir)).toBeNull();

    const second = await startEmbeddedPostgres({ dir, log: quiet });
    expect(await ask(second.url, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await second.stop();
  }, 120_000);

  it('stops the PostgreSQL a SIGKILLed server left running, then starts', async () => {
    const dir = join(scratch, 'killed', 'pg');
    const orphan = await orphanOn(dir);

    const lines: string[] = [];
    const again = await startEmbeddedPostgres({ dir, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toContain(`PostgreSQL (pid ${orphan}) is still running`);
    expect(isAlive(orphan)).toBe(false);
    expect(await ask(again.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await again.stop();
  }, 120_000);

  it('stops the PostgreSQL of a SIGKILLed server whose DATA_DIR was deleted, then starts afresh', async () => {
    const dataDir = join(scratch, 'deleted');
    const dir = join(dataDir, 'pg');
    const orphan = await orphanOn(dir);
    // Its files lose their names, so no postmaster.pid is left to find it by; it runs on regardless.
    rmSync(dataDir, { recursive: true, force: true });

    const lines: string[] = [];
    const again = await startEmbeddedPostgres({ dir, log: (line) => lines.push(line) });
    expect(lines.join('\n')).toContain(`PostgreSQL (pid ${orphan}) still runs on ${dir}, which was deleted`);
    expect(isAlive(orphan)).toBe(false);
    expect(await ask(again.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await again.stop();
  }, 120_000);

  it('tells its owner when its postmaster alone is SIGKILLed, and starts again at once', async () => {
    const dir = join(scratch, 'postmaster-killed', 'pg');
    const exits: string[] = [];
    const first = await startEmbeddedPostgres({ dir, log: quiet, onExit: (reason) => exits.push(reason) });
    await ask(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    // Its backends outlive it for a moment, attached to its shared memory, and its postmaster.pid stays.
    process.kill(postmasterPid(dir), 'SIGKILL');
    await expect.poll(() => exits.join('\n')).toContain('PostgreSQL stopped (SIGKILL)');
    await first.stop();

    const again = await startEmbeddedPostgres({ dir, log: quiet });
    expect(await ask(again.url, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await again.stop();
  }, 120_000);

  it('starts over a postmaster.pid whose pid now belongs to another process', async () => {
    const dir = join(scratch, 'reused', 'pg');
    const first = await startEmbeddedPostgres({ dir, log: quiet });
    await first.stop();
    // As after a reboot or a container restart: the file of a PostgreSQL that never stopped, its pid now
    // another process of the same user, which PostgreSQL cannot tell from a postmaster still running.
    const stranger = spawn('sleep', ['30'], serviceUser() ?? {});
    writeFileSync(join(dir, 'postmaster.pid'), `${stranger.pid}\n${dir}\n`);
    try {
      const again = await startEmbeddedPostgres({ dir, log: quiet });
      expect(await ask(again.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await again.stop();
      expect(isAlive(stranger.pid as number)).toBe(true);
    } finally {
      stranger.kill();
    }
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
