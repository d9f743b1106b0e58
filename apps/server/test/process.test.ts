/**
 * The server as a process: start-up output (on the port the system gave, which PUBLIC_URL then names), a
 * bad setting, a missing S3 bucket, a graceful stop on SIGTERM, and one process at a time on an embedded
 * database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isAlive } from '../src/db/data-dir-lock.ts';
import { createPostgresDatabase } from './harness.ts';
import { resetLinkOf, startMailCatcher } from './mail-catcher.ts';
import { hasS3Server, startS3Server } from './s3-server.ts';

const SERVER_DIR = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-proc-'));
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  postgres = await createPostgresDatabase();
  smtp = await startMailCatcher();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres.drop();
  await smtp.stop();
});

/** The server from its source, or `command` (a shell running it as npm does). */
function start(env: Record<string, string>, command: string[] = [process.execPath, '--import', 'tsx', 'src/main.ts']) {
  const [program, ...args] = command;
  const child = spawn(program as string, args, {
    cwd: SERVER_DIR,
    // Its own process group, which a closing terminal would signal whole.
    detached: true,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      // The dev these tests sign in as calls the API at once: no second factor to set up first.
      TWO_FACTOR_REQUIRED: '0',
      DATABASE_URL: postgres.url,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // A death by signal reads as its name, so that a failure says what killed the process.
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, exited, output: () => output };
}

async function waitFor(predicate: () => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stopAll: ChildProcess[] = [];
afterAll(() => {
  // The whole group: a shell's server too.
  for (const child of stopAll) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Ended already.
    }
  }
});

describe('the server process', () => {
  it('stops with a message naming a bad variable', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT:');
  });

  it.skipIf(!hasS3Server)(
    'stops with a message naming an S3 bucket that is not there, and not its keys',
    async () => {
      const s3 = await startS3Server();
      try {
        const { endpoint } = s3.location;
        const run = start({ S3_URL: `http://test-key:test-secret@${new URL(endpoint).host}/tidak-ada` });
        expect(await run.exited).toBe(1);
        expect(run.output()).toContain(`S3_URL: the bucket 'tidak-ada' at ${endpoint} does not exist`);
        expect(run.output()).not.toContain('test-secret');
      } finally {
        s3.stop();
      }
    },
    60_000,
  );

  it('migrates, seeds, prints the URL and logins once, serves, and stops gracefully on SIGTERM', async () => {
    const first = start({ SEED_DEMO: '1', SMTP_URL: smtp.url });
    stopAll.push(first.child);
    await waitFor(() => first.output().includes('API docs:'));
    const out = first.output();
    const url = /Dashboard: (http:\/\/\S+)/.exec(out)?.[1];
    expect(url).toBeDefined();
    for (const email of [
      'dev@sewablast.local',
      'admin@sewablast.local',
      'staff@sewablast.local',
      'budi@sewablast.local',
    ]) {
      expect(out).toContain(email);
    }
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({
      ok: true,
      db: postgres ? 'postgres' : 'embedded',
      driver: 'simulator',
    });
    const devPassword = /dev\s+dev@sewablast\.local\s+(\S+)/.exec(out)?.[1];
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dev@sewablast.local', password: devPassword }),
    });
    expect(login.status).toBe(200);
    // PORT=0 and no PUBLIC_URL: the port the system gave is the dashboard's, whose pages the live channel
    // accepts and where the mailed links lead.
    const { token } = (await login.json()) as { token: string };
    const socket = new WebSocket(`${url?.replace(/^http/, 'ws')}/ws?id=client-admin&token=${token}`, {
      headers: { origin: url as string },
    });
    const opened = await new Promise((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('error', (error) => resolve(error.message));
    });
    socket.close();
    expect(opened).toBe('open');
    await fetch(`${url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dev@sewablast.local' }),
    });
    expect(resetLinkOf(await smtp.mailTo('dev@sewablast.local')).origin).toBe(url);

    first.child.kill('SIGTERM');
    expect({ exit: await first.exited, output: first.output() }).toMatchObject({ exit: 0 });
    expect(first.output()).toContain('SIGTERM received');

    const second = start({});
    stopAll.push(second.child);
    await waitFor(() => second.output().includes('API docs:'));
    expect(second.output()).not.toContain(devPassword);
    expect(second.output()).toContain('Logins were printed on the first start');
    second.child.kill('SIGINT');
    expect({ exit: await second.exited, output: second.output() }).toMatchObject({ exit: 0 });
  }, 120_000);

  it('logs a rejection nobody awaited inside a session and keeps serving, the session included', async () => {
    const own = mkdtempSync(join(tmpdir(), 'sewablast-proc-guard-'));
    // An empty database of its own, so that ADMIN_EMAIL makes the dev this test signs in as.
    const database = await createPostgresDatabase();
    try {
      const run = start({
        DATA_DIR: own,
        ADMIN_EMAIL: 'guard@sewablast.local',
        ADMIN_PASSWORD: 'rahasia-sekali',
        DATABASE_URL: database.url,
      });
      stopAll.push(run.child);
      await waitFor(() => run.output().includes('API docs:'));
      const url = /Dashboard: (http:\/\/\S+)/.exec(run.output())?.[1];
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'guard@sewablast.local', password: 'rahasia-sekali' }),
      });
      const { token, user } = (await login.json()) as { token: string; user: { id: number } };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const deviceId = 'guarded-device';
      const created = await fetch(`${url}/api/admin/whatsapp/new-client`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deviceId, userId: user.id }),
      });
      expect(created.status).toBe(200);
      const control = (action: string) =>
        fetch(`${url}/dev/simulator/${deviceId}/${action}`, { method: 'POST', headers, body: '{}' });

      expect((await control('reject')).status).toBe(200);
      await waitFor(() => run.output().includes('Unhandled rejection, still serving'), 10_000);
      expect(run.output()).toContain(`Connection Closed (simulated: a query of ${deviceId} in flight after end())`);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      // The session that rejected is still held and still answers.
      expect((await control('scan')).status).toBe(200);
      expect(run.child.exitCode).toBeNull();

      run.child.kill('SIGTERM');
      expect({ exit: await run.exited, output: run.output() }).toMatchObject({ exit: 0 });
    } finally {
      await database.drop();
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);

  it("stops with its PostgreSQL when npm's shell ends, and when the terminal closes", async () => {
    const own = mkdtempSync(join(tmpdir(), 'sewablast-proc-npm-'));
    // As `npm start` runs it: a shell that ends on npm's SIGTERM without passing it on, then the server
    // (scripts/start.mjs's watch on it, then main).
    const script = `import { stopWithParent } from '../../scripts/stop-with-parent.mjs'; stopWithParent(); await import('./src/main.ts');`;
    const underNpm = () => {
      const run = start({ DATA_DIR: own, DATABASE_URL: '' }, [
        'sh',
        '-c',
        // Not the shell's last command, which a shell may exec in its own place.
        `${process.execPath} --import tsx --input-type=module -e "${script}"; exit $?`,
      ]);
      stopAll.push(run.child);
      return run;
    };
    try {
      for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
        const run = underNpm();
        await waitFor(() => run.output().includes('API docs:'));
        const postmaster = Number(readFileSync(join(own, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        // SIGTERM to the shell alone; SIGHUP, as a closing terminal sends it, to the shell and the server.
        if (signal === 'SIGTERM') run.child.kill(signal);
        else process.kill(-(run.child.pid as number), signal);
        await waitFor(() => run.output().includes(`${signal} received`));
        await waitFor(() => !isAlive(postmaster));
        expect(existsSync(join(own, 'pg', 'postmaster.pid'))).toBe(false);
        // The server's last act before it exits, which the next start waits for.
        await waitFor(() => !existsSync(join(own, 'pg.lock')));
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a second process on the same embedded database, and starts again after a kill', async () => {
    const own = mkdtempSync(join(tmpdir(), 'sewablast-proc-lock-'));
    // No DATABASE_URL (empty is unset): the server starts the embedded PostgreSQL in DATA_DIR.
    const embedded = { DATA_DIR: own, DATABASE_URL: '' };
    try {
      const first = start({ ...embedded, ADMIN_EMAIL: 'boss@sewablast.local', ADMIN_PASSWORD: 'rahasia-sekali' });
      stopAll.push(first.child);
      await waitFor(() => first.output().includes('API docs:'));
      const url = /Dashboard: (http:\/\/\S+)/.exec(first.output())?.[1];

      const second = start(embedded);
      stopAll.push(second.child);
      expect({ exit: await second.exited, output: second.output() }).toMatchObject({ exit: 1 });
      expect(second.output()).toContain(`process ${first.child.pid} is using this database`);
      expect(second.output()).not.toContain('    at ');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited;
      const third = start(embedded);
      stopAll.push(third.child);
      await waitFor(() => third.output().includes('API docs:'));
      const again = /Dashboard: (http:\/\/\S+)/.exec(third.output())?.[1];
      const login = await fetch(`${again}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@sewablast.local', password: 'rahasia-sekali' }),
      });
      expect(login.status).toBe(200);
      third.child.kill('SIGTERM');
      expect({ exit: await third.exited, output: third.output() }).toMatchObject({ exit: 0 });
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);
});
