import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.ts';

const made: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const root = mkdtempSync(join(tmpdir(), 'sewablast-lock-'));
  made.push(root);
  return join(root, 'pg');
}

function startTime(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function liveProcess() {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

describe('the data directory lock', () => {
  it('refuses a directory a running process holds, and leaves its lock alone', () => {
    const dir = dataDir();
    const pid = liveProcess();
    writeFileSync(`${dir}.lock`, `${pid} ${startTime(pid)}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir)).toThrow(`process ${pid} is using this database`);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${pid} ${startTime(pid)}\n`);
  });

  it('takes over the lock of a process that is gone, or whose pid now belongs to another process', () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, '2147483646 1\n');
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const pid = liveProcess();
    writeFileSync(`${dir}.lock`, `${pid} 1\n`);
    lockDataDir(dir)();
  });

  it('takes over the lock of a killed process its parent has not reaped yet (a zombie)', async () => {
    const dir = dataDir();
    // The shell starts a child, then becomes a `sleep` that never waits for it: the child, once done, is a zombie.
    // The child outlives the shell's exec by a second: a child done before it, the shell itself might reap.
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const pid = Number(
      await new Promise<string>((resolve) => parent.stdout?.once('data', (data) => resolve(`${data}`))),
    );
    while (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z')
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(() => process.kill(pid, 0)).not.toThrow();
    writeFileSync(`${dir}.lock`, `${pid} ${startTime(pid)}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });
});
