/**
 * Builds the real application against a real database for one test file: a fresh PostgreSQL database
 * copied from the run's migrated template (global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Role } from '@sewablast/contract/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { S3Location } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded/cluster.ts';
import { users } from '../src/db/schema.ts';
import { type AppOptions, buildApp } from '../src/http/app.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { checkFileStoreConfig } from '../src/modules/file/stores.ts';
import { seed } from '../src/seed.ts';
import { createServices, type Runtime } from '../src/services.ts';
import { RARE_FAULTS_OFF, SimulatorDriver, type SimulatorOptions } from '../src/wa/simulator.ts';
import { type CopiedDatabase, copyTemplate } from './run-database.ts';

export const DEV_EMAIL = 'dev@test.local';
export const DEV_PASSWORD = 'devpass123';
/** Where the tests' sign-ins come from, as a session records it. */
export const TEST_CLIENT = { userAgent: 'vitest', address: '127.0.0.1' };

/**
 * A superuser's connection string to the run's PostgreSQL server (TEST_DATABASE_URL's or the embedded one
 * global-setup.ts started), for tests that make databases of their own on it.
 */
export const databaseServer = (): string => inject('databaseServer');

/** A fresh database copied from the migrated template, for a server process a test starts. */
export function createPostgresDatabase(): Promise<CopiedDatabase> {
  return copyTemplate({ url: databaseServer(), template: inject('postgresTemplate') }, 'sewablast_test');
}

export async function createTestDatabase(): Promise<Database> {
  const copy = await createPostgresDatabase();
  const database = await openDatabase({ url: copy.url });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/** A fresh database seeded as every test app's: the dev (`DEV_EMAIL`, whose id is `devId`) and the settings. */
export async function seededTestDatabase(): Promise<Database & { devId: number }> {
  const database = await createTestDatabase();
  await seed(database.db, { adminEmail: DEV_EMAIL, adminPassword: DEV_PASSWORD, demo: false });
  const [dev] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEV_EMAIL));
  if (!dev) throw new Error('the seed made no dev');
  return { ...database, devId: dev.id };
}

/**
 * The embedded database a server keeps in `dataDir`, opened while no server runs: the test starts its
 * PostgreSQL (stopping one a killed server left running) and stops it on close.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const embedded = await startEmbeddedPostgres({ dir: join(dataDir, 'pg'), log: () => {} });
  const database = await openDatabase({ url: embedded.url });
  return {
    ...database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}

let counter = 0;

interface TestAppOptions {
  webDist?: string;
  /** Extra routes for probing shared plugins, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  config?: Partial<AppOptions['config']>;
  simulator?: Partial<SimulatorOptions>;
  /** Recovery mail (an SMTP server the test starts); without it the app sends no mail. */
  mail?: Runtime['mail'];
  /** Where the abuse limits count (a Redis store a test starts); this process's memory by default. */
  limits?: Runtime['limits'];
  /** Milliseconds in one second of engine time (10 unless a test needs long runs faster). */
  secondMs?: number;
  /** ACCOUNT_SAFETY (off in tests unless one turns it on: the sending hours would make a blast hang on the time of day). */
  accountSafety?: boolean;
  /** TWO_FACTOR_REQUIRED (off in tests unless one turns it on). */
  twoFactorRequired?: boolean;
  /** S3_URL: new files go to this bucket (test/s3-server.ts) instead of the database. */
  s3?: S3Location;
}

/** The app's configuration in tests: one api-and-worker node on the simulator, overridden where a test says. */
export function testConfig(db: Database['kind'], overrides: Partial<AppOptions['config']> = {}): AppOptions['config'] {
  return {
    LOG_LEVEL: 'silent',
    ALLOWED_ORIGINS: [],
    ROLE: 'all',
    WA_DRIVER: 'simulator',
    IMPORT_MAX_MB: 50,
    TRUST_PROXY: [],
    USER_REQUESTS_PER_SECOND: 20,
    USER_REQUESTS_IN_FLIGHT: 16,
    FILE_DOWNLOADS_PER_MINUTE: 120,
    FILE_DOWNLOADS_IN_FLIGHT: 10,
    PUBLIC_URL: 'http://127.0.0.1:8080',
    db,
    ...overrides,
  };
}

export async function buildTestApp(options: TestAppOptions = {}) {
  // As main.ts: a wrong S3_URL stops the start before the database is touched.
  await checkFileStoreConfig(options.s3);
  const database = await seededTestDatabase();
  const jwtSecret = randomBytes(32);
  const bus = createMemoryBus();
  const simulator = new SimulatorDriver({
    seed: 7,
    scanMs: 60_000,
    delayMs: [1, 3],
    reconnectMs: 50,
    ...options.simulator,
    // WhatsApp's rarer moves stay off unless a test asks for them: at a seeded rate they would make
    // unrelated tests slow or flaky.
    rates: { ...RARE_FAULTS_OFF, ...options.simulator?.rates },
  });
  const services = createServices(database.db, jwtSecret, {
    bus,
    driver: simulator,
    timeZone: 'Asia/Jakarta',
    accountSafety: options.accountSafety ?? false,
    secondMs: options.secondMs ?? 10,
    mail: options.mail,
    limits: options.limits,
    twoFactorRequired: options.twoFactorRequired,
    s3: options.s3,
  });
  const config = testConfig(database.kind, options.config);
  const app = await buildApp({
    config,
    services,
    bus,
    version: 'test',
    logger: false,
    webDist: options.webDist,
  });
  options.routes?.(app);
  await app.ready();

  /** A fresh user of the given role and a valid token for them, without going through rate-limited login. */
  async function loginAs(role: Role, fields: { firstname?: string; referred_by?: number } = {}) {
    counter += 1;
    const user = await services.users.create({
      firstname: fields.firstname ?? `${role}${counter}`,
      lastname: 'Test',
      email: `${role}${counter}-${randomBytes(3).toString('hex')}@test.local`,
      password: 'secret123',
      role,
      referred_by: fields.referred_by ?? null,
    });
    const token = await services.userSessions.start(user, TEST_CLIENT);
    const sessionId = (await services.tokens.verify(token))?.sessionId;
    return { user, token, sessionId, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    database,
    db: database.db,
    services,
    bus,
    simulator,
    jwtSecret,
    loginAs,
    /** Another session (a second device) of `user`, and its headers. */
    async signIn(user: { id: number; token_version: number }, client = TEST_CLIENT) {
      const token = await services.userSessions.start(user, client);
      return { token, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await services.host?.stop();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
