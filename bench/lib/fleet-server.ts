/**
 * A real server with a fleet already in its database, for the live-channel and engine benchmarks: MEMBERS
 * members and ACCOUNTS linked simulator accounts (the first ACCOUNTS members own one each), NUMBERS phone
 * numbers and one template, blast interval INTERVAL_S. Rows are written straight into the database because
 * sign-up is rate-limited and hashes a password per member; everything after start-up is the real server.
 * ADMINS staff users (default 1) get a token each for `client-admin`, as one user's sockets are capped.
 * Prints one JSON line {url, adminToken, adminTokens, tokensFile, pid} when listening. On SIGTERM it stops
 * the engine as a deploy would, then prints the totals that must agree, {messageLogs, accountCounts, ledger, fees},
 * and how late its timers fired while it ran (ms).
 * Run: node --import tsx bench/lib/fleet-server.ts (from the repository root).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, openEngineDatabase, postgresPoolOf } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/cluster.ts';
import {
  ledgerEntries,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  settings,
  users,
  whatsappAccounts,
} from '../../apps/server/src/db/schema.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { createMemoryBus } from '../../apps/server/src/live/bus.ts';
import { hashPassword } from '../../apps/server/src/modules/users/password.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { SimulatorDriver } from '../../apps/server/src/wa/simulator.ts';
import { instrumentPool, instrumentRounds, resetSteps, stepTotals } from './round-steps.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 100);
const ACCOUNTS = Math.min(MEMBERS, Number(process.env.ACCOUNTS ?? 0));
const NUMBERS = Number(process.env.NUMBERS ?? 20_000);
const INTERVAL_S = Number(process.env.INTERVAL_S ?? 1);
const ADMINS = Number(process.env.ADMINS ?? 1);
const BATCH = 1000;
/** Where the bench's sign-ins come from, as their sessions record it. */
const BENCH_CLIENT = { userAgent: 'fleet-bench', address: '127.0.0.1' };
const t0 = Date.now();
const progress = (what: string) =>
  process.stderr.write(`fleet: ${what} after ${((Date.now() - t0) / 1000).toFixed(1)}s\n`);

const dataDir = mkdtempSync(join(tmpdir(), 'sewablast-fleet-'));
// The embedded PostgreSQL `npm start` runs, unless DATABASE_URL names another.
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dir: join(dataDir, 'pg'), log: (line) => progress(line) });
const databaseUrl = process.env.DATABASE_URL ?? (embedded?.url as string);
const database = await openDatabase({ url: databaseUrl });
await database.migrate();
const { db } = database;
await seed(db, { adminEmail: 'fleet@dev.local', adminPassword: 'fleetpass1', demo: false });
await db.update(settings).set({ interval_min: INTERVAL_S, interval_max: INTERVAL_S, price: 100 });
await db.insert(messageTemplates).values({ text: '<p>Halo {name}</p>', text_wa: 'Halo {name}' });

async function inBatches(total: number, write: (from: number, to: number) => Promise<unknown>) {
  for (let from = 0; from < total; from += BATCH) await write(from, Math.min(total, from + BATCH));
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
await inBatches(NUMBERS, (from, to) =>
  db
    .insert(phoneNumbers)
    .values(range(from, to).map((i) => ({ number: `62877${String(i).padStart(8, '0')}`, name: `N${i}` }))),
);
progress(`${NUMBERS} numbers`);
const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
const memberIds: number[] = [];
await inBatches(MEMBERS, async (from, to) => {
  const rows = await db
    .insert(users)
    .values(
      range(from, to).map((i) => ({
        firstname: `Member${i}`,
        lastname: 'Fleet',
        email: `member${i}@fleet.local`,
        password_hash: passwordHash,
        referral_code: `F${i.toString(36).padStart(7, '0')}`,
      })),
    )
    .returning({ id: users.id });
  memberIds.push(...rows.map((row) => row.id));
});
await inBatches(ACCOUNTS, (from, to) =>
  db.insert(whatsappAccounts).values(
    range(from, to).map((i) => {
      const phonenumber = `62888${String(i).padStart(8, '0')}`;
      return {
        clientid: `fleet-${i}`,
        user_id: memberIds[i] as number,
        phonenumber,
        pushname: `Fleet ${i}`,
        auth_state: { simulator: { phonenumber, pushname: `Fleet ${i}` } },
        state: 'connected',
        blasting: true,
        loop: true,
        status: 'sending',
      };
    }),
  ),
);

progress(`${MEMBERS} members, ${ACCOUNTS} accounts`);
const secret = randomBytes(32);
const bus = createMemoryBus();
// ENGINE_POOL compares the engine pool's size (openEngineDatabase's) with another, the pool's waits printed.
const engineDatabase = process.env.ENGINE_POOL
  ? await openDatabase({ url: databaseUrl, poolMax: Number(process.env.ENGINE_POOL) })
  : await openEngineDatabase(databaseUrl);
// Every statement the engine's pool sends is one round trip to PostgreSQL (BEGIN and COMMIT included).
let engineRoundTrips = 0;
/** Round trips by the statement's first words, to see where they go. */
const engineStatements = new Map<string, number>();
/** Milliseconds from a statement's submission to its answer, summed: PostgreSQL's share of a round. */
let engineStatementMs = 0;
postgresPoolOf(engineDatabase.db).on('connect', (client) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    engineRoundTrips += 1;
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 48);
    engineStatements.set(text, (engineStatements.get(text) ?? 0) + 1);
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        engineStatementMs += performance.now() - started;
        callback(...answer);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) return answer.finally(() => (engineStatementMs += performance.now() - started));
    return answer;
  }) as typeof client.query;
});
instrumentPool(postgresPoolOf(engineDatabase.db));
instrumentRounds();
const services = createServices(db, secret, {
  bus,
  engineDb: engineDatabase.db,
  driver: new SimulatorDriver({ seed: 5, scanMs: 600_000 }),
  timeZone: 'Asia/Jakarta',
  // Throughput at a 1 s interval: the caps and sending hours would stop the fleet (docs/performance.md).
  accountSafety: false,
  log: (message, error) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    process.stderr.write(
      `${message}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause}\n`,
    );
  },
});
const app = await buildApp({
  config: {
    LOG_LEVEL: 'warn',
    ALLOWED_ORIGINS: [],
    ROLE: 'all',
    WA_DRIVER: 'simulator',
    IMPORT_MAX_MB: 50,
    // Known only after listening on port 0: the benchmarks' sockets send no Origin, as a server-side client.
    PUBLIC_URL: 'http://127.0.0.1:8080',
    TRUST_PROXY: [],
    // The benchmark's probes measure the server, not one user's budget.
    USER_REQUESTS_PER_SECOND: 1_000_000,
    USER_REQUESTS_IN_FLIGHT: 10_000,
    FILE_DOWNLOADS_PER_MINUTE: 1_000_000,
    FILE_DOWNLOADS_IN_FLIGHT: 10_000,
    db: embedded ? 'embedded' : 'postgres',
  },
  services,
  bus,
  version: 'bench',
  logger: false,
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
progress('listening');
const tokensFile = join(dataDir, 'tokens.json');
const tokens = await Promise.all(
  memberIds.map(async (id) => ({
    id,
    token: await services.userSessions.start({ id, token_version: 0 }, BENCH_CLIENT),
  })),
);
writeFileSync(tokensFile, JSON.stringify(tokens));
progress('tokens');
const started = Date.now();
// How late timers fire, the blast loops' waits among them (DESIGN §10 engine budget): the event loop's delay.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
await services.host?.start();
// Claims start their sessions 20 a second (session-host.ts OPEN_STAGGER_MS), so that a worker starting beside
// thousands of accounts sends WhatsApp no burst of logins: the fleet is measured once every session that can be
// open is (the simulator bans, logs out or replaces a few accounts meanwhile, as WhatsApp would), and how long
// that took is what "resumed in" says.
const unopenable = async () => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappAccounts)
    .where(sql`${whatsappAccounts.suspended} or ${whatsappAccounts.state} in ('loggedOut', 'tempBanned', 'conflict')`);
  return row?.n ?? 0;
};
const openBy = Date.now() + 300_000;
while (
  (services.host?.activity().clientids.length ?? ACCOUNTS) + (await unopenable()) < ACCOUNTS &&
  Date.now() < openBy
) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
loopDelay.enable();
progress(
  `sessions open: ${services.host?.activity().clientids.length ?? 0} of ${ACCOUNTS}, ${await unopenable()} banned, logged out or replaced`,
);
const [admin] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'fleet@dev.local'`);
const adminToken = await services.userSessions.start({ id: admin?.id ?? 0, token_version: 0 }, BENCH_CLIENT);
const staff = await db
  .insert(users)
  .values(
    range(0, ADMINS).map((i) => ({
      firstname: `Staff${i}`,
      lastname: 'Fleet',
      email: `staff${i}@fleet.local`,
      password_hash: passwordHash,
      referral_code: `S${i.toString(36).padStart(7, '0')}`,
      role: 'staff',
    })),
  )
  .returning({ id: users.id });
const adminTokens = await Promise.all(
  staff.map((row) => services.userSessions.start({ id: row.id, token_version: 0 }, BENCH_CLIENT)),
);
// The window the bench measures opens now: the round steps and the round trips count from here.
resetSteps();
const roundTripsBefore = engineRoundTrips;
engineStatementMs = 0;
process.stdout.write(
  `${JSON.stringify({ url, adminToken, adminTokens, tokensFile, pid: process.pid, resumeMs: Date.now() - started })}\n`,
);

/** The window's figures as they stand (SIGUSR2 from the bench as its window closes). */
const windowTotals = () => ({
  ...stepTotals(),
  roundTrips: engineRoundTrips - roundTripsBefore,
  statementMs: engineStatementMs,
});
process.on('SIGUSR2', () => process.stdout.write(`${JSON.stringify(windowTotals())}\n`));

process.on('SIGTERM', async () => {
  loopDelay.disable();
  await app.close();
  await services.host?.stop();
  const [logs] = await db
    .select({ n: sql<number>`count(*)::int`, fees: sql<number>`coalesce(sum(${messageLogs.fee}), 0)::bigint` })
    .from(messageLogs);
  const [counts] = await db
    .select({
      n: sql<number>`coalesce(sum(${whatsappAccounts.count_success} + ${whatsappAccounts.count_fail}), 0)::bigint`,
    })
    .from(whatsappAccounts);
  const [ledger] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.kind} = 'blast_income'`);
  process.stdout.write(
    `${JSON.stringify({
      messageLogs: Number(logs?.n ?? 0),
      accountCounts: Number(counts?.n ?? 0),
      ledger: Number(ledger?.total ?? 0),
      fees: Number(logs?.fees ?? 0),
      engineRoundTrips,
      engineStatements: [...engineStatements].sort((a, b) => b[1] - a[1]).slice(0, 8),
      timerLatenessP50: loopDelay.percentile(50) / 1e6,
      timerLatenessP99: loopDelay.percentile(99) / 1e6,
    })}\n`,
  );
  await engineDatabase.close();
  await database.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
