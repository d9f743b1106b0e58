/**
 * SIGKILL the server mid-generator and start it again: once the dead process's lease on the account lapses,
 * the new one resumes the generator where the database says it stopped, and it ends with every number of
 * the range counted exactly once and the hits exactly the simulator's. The test reads the database only
 * while no server runs, as the embedded PostgreSQL is the server's own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { generatorResults, generators, phoneNumbers } from '../src/db/schema.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { openEmbeddedDatabase } from './harness.ts';

const SERVER_DIR = join(import.meta.dirname, '..');
const SEED = 13;
const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-job-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'dev@job-crash.test',
      ADMIN_PASSWORD: 'devpass123',
      SEED_DEMO: '0',
      TWO_FACTOR_REQUIRED: '0',
      SIM_SCAN_MS: '600000',
      SIM_SEED: String(SEED),
      SIM_BANS: 'flat',
      // The account is linked here, so in warm-up, and an account in warm-up never checks numbers.
      ACCOUNT_SAFETY: '0',
      // The restarted server waits out the killed one's lease before it resumes: 5 s, not the default 30.
      LEASE_SECONDS: '5',
    },
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /Dashboard: (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, url };
}

async function call<T>(url: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function withDatabase<T>(work: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await openEmbeddedDatabase(dataDir);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function stop(server: { child: ChildProcess }) {
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

type Generator = { id: number; count_success: number; count_fail: number; state: string };

describe('a crash mid-generator', () => {
  it('resumes after a restart and counts every number exactly once', async () => {
    const first = await start();
    const dev = await call<{ token: string }>(first.url, '/api/auth/login', null, {
      email: 'dev@job-crash.test',
      password: 'devpass123',
    });
    const me = await call<{ user: { id: number } }>(first.url, '/api/auth/validate', null, { token: dev.token });
    const deviceId = 'job-crash-device';
    await call(first.url, '/api/admin/whatsapp/new-client', dev.token, { deviceId, userId: me.user.id });
    const scan = () =>
      fetch(`${first.url}/dev/simulator/${deviceId}/scan`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dev.token}` },
      });
    await until(async () => (await scan()).ok, 5000);
    const whatsapp = async () =>
      (await call<{ whatsapp: { id: number; state: string } }>(first.url, `/api/admin/whatsapp/${deviceId}`, dev.token))
        .whatsapp;
    await until(async () => (await whatsapp()).state === 'connected', 10_000);

    const from = 628190000000;
    const size = 20;
    const { generator } = await call<{ generator: Generator }>(first.url, '/api/admin/generator/create', dev.token, {
      whatsapp_id: (await whatsapp()).id,
      start_number: String(from),
      end_number: String(from + size - 1),
      interval_min: 1,
      interval_max: 1,
      b_insert: true,
    });
    await call(first.url, '/api/admin/generator/start', dev.token, { id: generator.id });
    const done = async (url: string) => {
      const { generator: now } = await call<{ generator: Generator }>(
        url,
        `/api/admin/generator/${generator.id}`,
        dev.token,
      );
      return now;
    };
    await until(async () => {
      const now = await done(first.url);
      return now.count_success + now.count_fail >= 3;
    }, 30_000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.on('exit', resolve));

    const second = await start();
    // The dead process's lease lapses after 5 s; then this one takes the account and the generator over.
    await until(async () => (await done(second.url)).state === 'finished', 120_000);
    await stop(second);

    const simulator = new SimulatorDriver({ seed: SEED, scanMs: 0, rates: RARE_FAULTS_OFF });
    const numbers = Array.from({ length: size }, (_, i) => String(from + i));
    const expected = numbers.filter((number) => simulator.exists(number));
    await withDatabase(async (db) => {
      const [job] = await db.select().from(generators).where(eq(generators.id, generator.id));
      expect(job?.count_success).toBe(expected.length);
      expect(job?.count_fail).toBe(size - expected.length);
      const results = await db.select().from(generatorResults).where(eq(generatorResults.generator_id, generator.id));
      expect(results.map((result) => result.number).sort()).toEqual(numbers);
      expect(
        results
          .filter((result) => result.exists)
          .map((result) => result.number)
          .sort(),
      ).toEqual(expected);
      const listed = await db.select().from(phoneNumbers).where(eq(phoneNumbers.source, 'generator'));
      expect(listed.map((entry) => entry.number).sort()).toEqual(expected);
    });
  }, 240_000);
});
