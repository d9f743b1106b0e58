/**
 * The cluster of DESIGN §1 and §8 as real processes on loopback: PostgreSQL, Redis, two api nodes and three
 * workers started at once on an empty database. 30 simulated accounts blast and a generator runs; one
 * worker is SIGKILLed, later another, and every account and the job send again on a survivor within their
 * lease and 10 s (40 s at the default lease) while both api nodes' live channels keep delivering; a SIGTERMed worker hands its leases back at once, and
 * an api node drains with readiness 503. At the end the message logs, the counters, the job's results and
 * the ledger agree, with nothing sent, checked or counted twice.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLiveMessage } from '@sewablast/contract/live';
import { ADMIN_CHANNEL } from '@sewablast/contract/live-channel';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, postgresPoolOf } from '../src/db/client.ts';
import { QUIET_RATES, SimulatorDriver } from '../src/wa/simulator.ts';
import { type ClusterNode, ownedBy, startNode, stopNode, until } from './cluster.ts';
import { ledgerSumOf } from './factories.ts';
import { databaseServer } from './harness.ts';
import { hasRedis, startRedis } from './redis.ts';
import { withDatabase } from './run-database.ts';
import { type LiveClient, openLive } from './ws.ts';

const MIGRATIONS = join(import.meta.dirname, '..', 'src', 'db', 'migrations');
const ACCOUNTS = 30;
const PRICE = 100;
const SIM_SEED = 23;
const GENERATOR_START = 628570000000;
/**
 * The nodes' lease (LEASE_SECONDS), shorter than the default 30 s so that each kill is waited out in seconds;
 * long enough that a loaded machine's housekeeping round never lets a live worker's lease lapse.
 */
const LEASE_SECONDS = 8;
/**
 * A dead worker's accounts send again on a survivor within its lease and 10 s more: 40 s at the default lease
 * (issue 14).
 */
const TAKEOVER_BUDGET_MS = LEASE_SECONDS * 1000 + 10_000;

describe.skipIf(!hasRedis && !process.env.CI)('a cluster losing workers', () => {
  const name = `sewablast_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-cluster-'));
  const nodes: ClusterNode[] = [];
  const sockets: LiveClient[] = [];
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let url: string;
  let database: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseServer() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = withDatabase(databaseServer(), name);
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of nodes) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    await database?.close();
    redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseServer() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-cluster-wide-secret-of-at-least-32-characters',
    ADMIN_EMAIL: 'dev@cluster.test',
    ADMIN_PASSWORD: 'devpass123',
    SEED_DEMO: '0',
    TWO_FACTOR_REQUIRED: '0',
    LOG_LEVEL: 'warn',
    SIM_SEED: String(SIM_SEED),
    SIM_FAULTS: 'none',
    SIM_SCAN_MS: '200',
    LEASE_SECONDS: String(LEASE_SECONDS),
    ...extra,
  });
  const spawnNode = async (label: string, role: 'api' | 'worker', extra?: Record<string, string>) => {
    const node = await startNode(label, role, env(extra));
    nodes.push(node);
    return node;
  };
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await postgresPoolOf(database.db).query<T>(text, values)).rows;
  const call = async (base: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const owners = async () =>
    new Map(
      (
        await rows<{ clientid: string; owner_id: string | null }>('SELECT clientid, owner_id FROM whatsapp_accounts')
      ).map((row) => [row.clientid, row.owner_id]),
    );
  /** Who a live message is about: the account's device, or the generator's. */
  const subject = (message: TLiveMessage) =>
    'generatorId' in message.payload ? 'generator' : (message.payload.deviceId as string | undefined);
  const isOutcome = (message: TLiveMessage) => message.event === 'count_success' || message.event === 'count_fail';
  /** The first outcome each subject announced on `socket` after `since`, as ms after it. */
  const resumedAfter = (socket: LiveClient, since: number, subjects: string[]) => {
    const delays = new Map<string, number>();
    socket.messages.forEach((message, index) => {
      const key = subject(message);
      const at = socket.receivedAt[index] ?? 0;
      if (key && at > since && isOutcome(message) && subjects.includes(key) && !delays.has(key)) {
        delays.set(key, at - since);
      }
    });
    return delays;
  };

  /** SIGKILLs `victim` and waits until everything it held sends again, as both api nodes' sockets see it. */
  async function killAndWatch(victim: ClusterNode, generatorAccount: string) {
    const held = [...(await owners())].filter(([, owner]) => ownedBy(victim, owner)).map(([clientid]) => clientid);
    const subjects = held.map((clientid) => (clientid === generatorAccount ? 'generator' : clientid));
    expect(subjects.length).toBeGreaterThan(0);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBe('SIGKILL');
    await until(
      async () => resumedAfter(sockets[0] as LiveClient, killedAt, subjects).size === subjects.length,
      TAKEOVER_BUDGET_MS + 20_000,
      `${subjects.length} subjects of ${victim.name} to resume`,
    );
    const delays = [...resumedAfter(sockets[0] as LiveClient, killedAt, subjects).values()];
    await until(
      async () => resumedAfter(sockets[1] as LiveClient, killedAt, subjects).size === subjects.length,
      5_000,
      'the second api node to deliver the same',
    );
    const after = await owners();
    for (const clientid of held) expect(ownedBy(victim, after.get(clientid) ?? null)).toBe(false);
    return { count: subjects.length, slowestMs: Math.max(...delays) };
  }

  it('resumes every account and the generator on survivors, and the books agree', async () => {
    const started = await Promise.all([
      spawnNode('api-1', 'api'),
      spawnNode('api-2', 'api', { SHUTDOWN_DRAIN_S: '3' }),
      spawnNode('worker-1', 'worker'),
      spawnNode('worker-2', 'worker'),
      spawnNode('worker-3', 'worker'),
    ]);
    const [api1, api2, ...workers] = started as [ClusterNode, ClusterNode, ...ClusterNode[]];
    // Migrations and the seed ran once, on whichever node took the advisory lock first.
    expect(started.filter((node) => node.output().includes('Logins (shown this once')).length).toBe(1);
    database = await openDatabase({ url, poolMax: 1 });
    const migrations = readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql'));
    expect(await rows('SELECT hash FROM drizzle.__drizzle_migrations')).toHaveLength(migrations.length);

    await rows('UPDATE settings SET interval_min = 1, interval_max = 1, price = $1', [PRICE]);
    await rows(`INSERT INTO message_templates (text, text_wa) VALUES ('<p>Halo</p>', 'Halo {name}')`);
    await rows(
      `INSERT INTO phone_numbers (number, name)
       SELECT '62877' || lpad(i::text, 7, '0'), 'N' || i FROM generate_series(1, 3000) AS i`,
    );
    const dev = (await call(api1.url, '/api/auth/login', null, {
      email: 'dev@cluster.test',
      password: 'devpass123',
    })) as { token: string };
    // Three members with ten accounts each, as a link is limited per user.
    const members: { id: number; token: string }[] = [];
    for (const n of [0, 1, 2]) {
      const email = `anggota-${n}@cluster.test`;
      const password = 'rahasia123';
      await call(api2.url, '/api/auth/register', null, {
        firstName: 'Anggota',
        lastName: `Klaster ${n}`,
        email,
        password,
        password2: password,
        agreeToTerms: true,
      });
      const { token } = (await call(api2.url, '/api/auth/login', null, { email, password })) as { token: string };
      const [row] = await rows<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      members.push({ id: Number(row?.id), token });
    }
    const memberOf = (index: number) => members[index % members.length] as { id: number; token: string };
    const devId = Number((await rows<{ id: number }>(`SELECT id FROM users WHERE role = 'dev'`))[0]?.id);
    for (const [index, api] of [api1, api2].entries()) {
      sockets[index] = await openLive(api.url, `id=${ADMIN_CHANNEL}&${new URLSearchParams({ token: dev.token })}`);
    }

    // Linked through either api node: the first worker to lease each new account links it.
    const devices = Array.from({ length: ACCOUNTS }, (_, i) => `failover-${String(i).padStart(2, '0')}`);
    const generatorAccount = 'failover-gen';
    const connected = async (clientids: string[]) =>
      (await rows(`SELECT 1 FROM whatsapp_accounts WHERE state = 'connected' AND clientid = ANY($1)`, [clientids]))
        .length === clientids.length;
    for (let i = 0; i < ACCOUNTS; i += members.length) {
      const batch = devices.slice(i, i + members.length);
      await Promise.all(
        batch.map((deviceId, j) =>
          call([api1, api2][(i + j) % 2]?.url ?? '', '/api/admin/whatsapp/new-client', memberOf(j).token, {
            deviceId,
            userId: memberOf(j).id,
          }),
        ),
      );
      await until(() => connected(batch), 15_000, `${batch.join(', ')} to connect`);
    }
    await call(api1.url, '/api/admin/whatsapp/new-client', dev.token, { deviceId: generatorAccount, userId: devId });
    await until(() => connected([generatorAccount]), 15_000, 'the generator account to connect');
    for (const [i, deviceId] of devices.entries()) {
      await call([api1, api2][i % 2]?.url ?? '', '/api/admin/whatsapp/start-blasting', memberOf(i).token, {
        whatsappClientId: deviceId,
        loop: true,
      });
    }
    const generatorAccountId = (
      await rows<{ id: number }>('SELECT id FROM whatsapp_accounts WHERE clientid = $1', [generatorAccount])
    )[0]?.id;
    const { generator } = (await call(api2.url, '/api/admin/generator/create', dev.token, {
      whatsapp_id: generatorAccountId,
      start_number: String(GENERATOR_START),
      end_number: String(GENERATOR_START + 4999),
      interval_min: 1,
      interval_max: 1,
      b_insert: true,
    })) as { generator: { id: number } };
    await call(api1.url, '/api/admin/generator/start', dev.token, { id: generator.id });
    await until(
      async () => resumedAfter(sockets[1] as LiveClient, 0, [...devices, 'generator']).size === ACCOUNTS + 1,
      20_000,
      'every account and the generator to send',
    );

    // The worker holding the most goes first, then the busier survivor: each kill moves accounts.
    const busiest = async (candidates: ClusterNode[]) => {
      const held = await owners();
      const count = (node: ClusterNode) => [...held.values()].filter((owner) => ownedBy(node, owner)).length;
      return [...candidates].sort((a, b) => count(b) - count(a))[0] as ClusterNode;
    };
    const first = await busiest(workers);
    const firstKill = await killAndWatch(first, generatorAccount);
    const second = await busiest(workers.filter((node) => node !== first));
    const secondKill = await killAndWatch(second, generatorAccount);
    const survivor = workers.find((node) => node !== first && node !== second) as ClusterNode;
    process.stdout.write(
      `failover: ${firstKill.count} subjects resumed ${firstKill.slowestMs} ms after the first kill, ` +
        `${secondKill.count} ${secondKill.slowestMs} ms after the second (budget ${TAKEOVER_BUDGET_MS} ms)\n`,
    );
    expect(firstKill.slowestMs).toBeLessThanOrEqual(TAKEOVER_BUDGET_MS);
    expect(secondKill.slowestMs).toBeLessThanOrEqual(TAKEOVER_BUDGET_MS);

    // A graceful stop gives every lease back as it exits; the new worker resumes them without waiting a lease.
    const replacement = await spawnNode('worker-4', 'worker');
    const handedAt = Date.now();
    expect(await stopNode(survivor)).toBe(0);
    const afterStop = await owners();
    expect([...afterStop.values()].filter((owner) => ownedBy(survivor, owner))).toEqual([]);
    await until(
      async () => resumedAfter(sockets[0] as LiveClient, handedAt, [...devices, 'generator']).size === ACCOUNTS + 1,
      15_000,
      'worker-4 to resume everything',
    );
    expect([...(await owners()).values()].every((owner) => ownedBy(replacement, owner))).toBe(true);

    // An api node told to stop answers readiness 503 while it still serves, then exits cleanly.
    const drained = stopNode(api2);
    const readiness = await until(
      async () => {
        const response = await fetch(`${api2.url}/api/health/ready`);
        return response.status === 503 ? ((await response.json()) as { stopping: boolean }) : null;
      },
      2_000,
      'readiness 503',
    );
    expect(readiness.stopping).toBe(true);
    expect((await fetch(`${api2.url}/api/health/live`)).status).toBe(200);
    expect(await drained).toBe(0);

    for (const [i, deviceId] of devices.entries()) {
      await call(api1.url, '/api/admin/whatsapp/stop-blasting', memberOf(i).token, { whatsappClientId: deviceId });
    }
    await call(api1.url, '/api/admin/generator/stop', dev.token, { id: generator.id });
    expect(await stopNode(replacement)).toBe(0);
    expect(await stopNode(api1)).toBe(0);

    // The books: every outcome logged once, counted once on its account, paid once.
    const logs = await rows<{ whatsapp_id: number; status: string; phone_number_id: number }>(
      'SELECT whatsapp_id, status, phone_number_id FROM message_logs',
    );
    let total = 0;
    for (const member of members) {
      const accounts = await rows<{ id: number; count_success: number; count_fail: number; income: string }>(
        'SELECT id, count_success, count_fail, income FROM whatsapp_accounts WHERE user_id = $1',
        [member.id],
      );
      let successes = 0;
      for (const account of accounts) {
        const own = logs.filter((log) => log.whatsapp_id === account.id);
        const ok = own.filter((log) => log.status === 'success').length;
        successes += ok;
        expect(account.count_success).toBe(ok);
        expect(account.count_fail).toBe(own.length - ok);
        expect(Number(account.income)).toBe(ok * PRICE);
        // One run per account: no number sent twice by it.
        expect(new Set(own.map((log) => log.phone_number_id)).size).toBe(own.length);
      }
      expect(await ledgerSumOf(database.db, member.id)).toBe(successes * PRICE);
      total += successes;
    }
    expect(total).toBeGreaterThan(ACCOUNTS * 10);
    expect(await rows('SELECT id FROM phone_numbers WHERE in_use')).toEqual([]);

    // The generator: a contiguous run from its start, each number checked once, as the simulator answers.
    const [job] = await rows<{ count_success: number; count_fail: number; current_number: string }>(
      'SELECT count_success, count_fail, current_number FROM generators WHERE id = $1',
      [generator.id],
    );
    const results = await rows<{ number: string; exists: boolean }>(
      'SELECT number, "exists" FROM generator_results WHERE generator_id = $1 ORDER BY number',
      [generator.id],
    );
    const checked = (job?.count_success ?? 0) + (job?.count_fail ?? 0);
    expect(results).toHaveLength(checked);
    expect(results.map((result) => result.number)).toEqual(
      Array.from({ length: checked }, (_, i) => String(GENERATOR_START + i)),
    );
    expect(job?.current_number).toBe(String(GENERATOR_START + checked - 1));
    const simulator = new SimulatorDriver({ seed: SIM_SEED, scanMs: 0, rates: QUIET_RATES });
    for (const result of results) expect(result.exists).toBe(simulator.exists(result.number));
    expect(job?.count_success).toBe(results.filter((result) => result.exists).length);
    const inserted = await rows<{ number: string }>(
      `SELECT number FROM phone_numbers WHERE source = 'generator' ORDER BY number`,
    );
    expect(inserted.map((row) => row.number)).toEqual(
      results.filter((result) => result.exists).map((result) => result.number),
    );
  }, 300_000);
});
