/**
 * SIGKILL the server mid-blast and start it again: the blast resumes by itself, and the message logs, the
 * account's counters and the ledger agree, nothing counted twice. Runs on the embedded PostgreSQL that
 * `npm start` uses, which a kill (an OOM killer, a power cut) leaves running without its server: it must
 * not cost a count either. The test reads the database only while no server runs, starting the embedded
 * PostgreSQL itself, which also stops the one the killed server left running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageLogs, messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import { ledgerSumOf } from './factories.ts';
import { openEmbeddedDatabase } from './harness.ts';

const SERVER_DIR = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-crash-'));
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
      ADMIN_EMAIL: 'dev@crash.test',
      ADMIN_PASSWORD: 'devpass123',
      SEED_DEMO: '0',
      TWO_FACTOR_REQUIRED: '0',
      // Blasts whatever the time of day: the sending hours would hold this one back at night in Jakarta.
      ACCOUNT_SAFETY: '0',
      SIM_SCAN_MS: '600000',
      SIM_SEED: '11',
      SIM_BANS: 'flat',
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

describe('a crash mid-blast', () => {
  it('resumes after a restart and counts every send exactly once', async () => {
    // The first start migrates and seeds; the blast's material goes in while no server runs.
    await stop(await start());
    await withDatabase(async (db) => {
      await db.update(settings).set({ interval_min: 1, interval_max: 1, price: 100 });
      await db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
      await db
        .insert(phoneNumbers)
        .values(
          Array.from({ length: 200 }, (_, i) => ({ number: `62877${String(i).padStart(7, '0')}`, name: `N${i}` })),
        );
    });

    const first = await start();
    const dev = await call<{ token: string }>(first.url, '/api/auth/login', null, {
      email: 'dev@crash.test',
      password: 'devpass123',
    });
    const me = await call<{ user: { id: number } }>(first.url, '/api/auth/validate', null, { token: dev.token });
    const deviceId = 'crash-device-1';
    await call(first.url, '/api/admin/whatsapp/new-client', dev.token, { deviceId, userId: me.user.id });
    await until(
      async () =>
        (
          await fetch(`${first.url}/dev/simulator/${deviceId}/scan`, {
            method: 'POST',
            headers: { authorization: `Bearer ${dev.token}` },
          })
        ).ok,
      5000,
    );
    await until(
      async () =>
        (await call<{ state: string }>(first.url, `/api/admin/whatsapp/client-state/${deviceId}`, dev.token)).state ===
        'connected',
      10_000,
    );
    await call(first.url, '/api/admin/whatsapp/start-blasting', dev.token, { whatsappClientId: deviceId, loop: true });

    const outcomes = async (url: string) => {
      const { whatsapp } = await call<{ whatsapp: { count_success: number; count_fail: number } }>(
        url,
        `/api/admin/whatsapp/${deviceId}`,
        dev.token,
      );
      return whatsapp.count_success + whatsapp.count_fail;
    };
    await until(async () => (await outcomes(first.url)) >= 3, 30_000);
    const beforeCrash = await outcomes(first.url);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.on('exit', resolve));

    const second = await start();
    await until(async () => (await outcomes(second.url)) >= beforeCrash + 3, 90_000);
    await call(second.url, '/api/admin/whatsapp/stop-blasting', dev.token, { whatsappClientId: deviceId });
    await stop(second);

    await withDatabase(async (db) => {
      const [account] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, deviceId));
      const all = await db.select().from(messageLogs);
      const successes = all.filter((log) => log.status === 'success').length;
      expect(all.length).toBeGreaterThanOrEqual(beforeCrash + 3);
      expect(account?.count_success).toBe(successes);
      expect(account?.count_fail).toBe(all.length - successes);
      expect(new Set(all.map((log) => log.send_key)).size).toBe(all.length);
      expect(await ledgerSumOf(db)).toBe(successes * 100);
      expect(account?.income).toBe(successes * 100);
      const stuck = await db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
      expect(stuck).toEqual([]);
    });
  }, 180_000);
});
