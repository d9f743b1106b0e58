/**
 * SIGKILL the server mid-blast and start it again: the blast resumes by itself, and the message logs, the
 * account's counters and the ledger agree, nothing counted twice. Runs on PostgreSQL (the PGlite run
 * skips it: an embedded database killed mid-write is not what a real deployment does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import {
  ledgerEntries,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  settings,
  whatsappAccounts,
} from '../src/db/schema.ts';
import { createPostgresDatabase } from './harness.ts';

const SERVER_DIR = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-crash-'));
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
const children: ChildProcess[] = [];

beforeAll(async () => {
  postgres = await createPostgresDatabase();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres?.url,
      ADMIN_EMAIL: 'dev@crash.test',
      ADMIN_PASSWORD: 'devpass123',
      SEED_DEMO: '0',
      SIM_SCAN_MS: '600000',
      SIM_SEED: '11',
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

describe.runIf(process.env.TEST_DB === 'postgres')('a crash mid-blast', () => {
  it('resumes after a restart and counts every send exactly once', async () => {
    const database = await openDatabase({ url: postgres?.url });
    try {
      const first = await start();
      await database.db.update(settings).set({ interval_min: 1, interval_max: 1, price: 100 });
      await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
      await database.db
        .insert(phoneNumbers)
        .values(
          Array.from({ length: 200 }, (_, i) => ({ number: `62877${String(i).padStart(7, '0')}`, name: `N${i}` })),
        );
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
          (await call<{ state: string }>(first.url, `/api/admin/whatsapp/client-state/${deviceId}`, dev.token))
            .state === 'connected',
        10_000,
      );
      await call(first.url, '/api/admin/whatsapp/start-blasting', dev.token, {
        whatsappClientId: deviceId,
        loop: true,
      });

      const logs = async () => {
        const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(messageLogs);
        return row?.n ?? 0;
      };
      await until(async () => (await logs()) >= 3, 30_000);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.on('exit', resolve));
      const atCrash = await logs();

      const second = await start();
      await until(async () => (await logs()) >= atCrash + 3, 90_000);
      await call(second.url, '/api/admin/whatsapp/stop-blasting', dev.token, { whatsappClientId: deviceId });

      const [account] = await database.db
        .select()
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.clientid, deviceId));
      const all = await database.db.select().from(messageLogs);
      const successes = all.filter((log) => log.status === 'success').length;
      expect(account?.count_success).toBe(successes);
      expect(account?.count_fail).toBe(all.length - successes);
      expect(new Set(all.map((log) => log.send_key)).size).toBe(all.length);
      const [ledger] = await database.db
        .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries);
      expect(Number(ledger?.total)).toBe(successes * 100);
      expect(account?.income).toBe(successes * 100);
      const stuck = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
      expect(stuck).toEqual([]);
      second.child.kill('SIGTERM');
    } finally {
      await database.close();
    }
  }, 180_000);
});
