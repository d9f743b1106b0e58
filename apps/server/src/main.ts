/** The server process: configuration → database → the roles this process runs (DESIGN §1). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { bindPublicUrl, type Config, ConfigError, localUrl, parseConfig } from './config.ts';
import { openDatabase, openEngineDatabase } from './db/client.ts';
import { DataDirBusyError } from './db/data-dir-lock.ts';
import type { EmbeddedPostgres } from './db/embedded/cluster.ts';
import { startDefaultDatabase } from './db/embedded/default-database.ts';
import { PgliteDataDirError } from './db/embedded/from-pglite.ts';
import { createRedisTransport } from './engine/remote.ts';
import { buildApp } from './http/app.ts';
import { createMemoryLimits } from './lib/limit-store.ts';
import { withMemoryFallback } from './lib/limit-store-fallback.ts';
import { createRedisLimits } from './lib/limit-store-redis.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { createMemoryBus, createRedisBus } from './live/bus.ts';
import { startMetricsListener } from './metrics/listener.ts';
import { scrape } from './metrics/registry.ts';
import { checkFileStoreConfig } from './modules/file/stores.ts';
import { checkReadiness } from './modules/health/readiness.ts';
import { installProcessGuard } from './process-guard.ts';
import { type Login, seed } from './seed.ts';
import { createServices } from './services.ts';
import { VERSION } from './version.ts';
import { BaileysDriver } from './wa/baileys.ts';
import { ratesOf, SimulatorDriver } from './wa/simulator.ts';

/** apps/server/src/main.ts in development, apps/server/dist/main.js when built: the dashboard is two levels up. */
const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

function printBanner(config: Config, url: string | null, logins: Login[] | null): void {
  const lines = [`Sewablast ${VERSION} — role ${config.ROLE}, database ${config.db}, driver ${config.WA_DRIVER}`];
  if (url) lines.push(`Dashboard: ${url}`, `API docs:  ${url}/api/docs`);
  if (logins) {
    lines.push('', 'Logins (shown this once — keep them):');
    for (const login of logins) {
      lines.push(`  ${login.role.padEnd(6)}  ${login.email.padEnd(26)}  ${login.password ?? '(ADMIN_PASSWORD)'}`);
    }
    if (config.TWO_FACTOR_REQUIRED) {
      lines.push('Staff, admins and devs set up two-factor sign-in (an authenticator app) on their first sign-in.');
    }
  } else {
    lines.push('', 'Logins were printed on the first start; the dev account is ADMIN_EMAIL or dev@sewablast.local.');
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

/** An error and what caused it: the driver's cause says why a query failed, the query text does not. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** The PostgreSQL this process started (no DATABASE_URL), stopped on every way out but SIGKILL. */
let embedded: EmbeddedPostgres | null = null;

async function main(): Promise<void> {
  installProcessGuard(process, {
    write: (line) => process.stderr.write(`${line}\n`),
    exit: (code) => process.exit(code),
  });
  // Listening from the first moment: a signal during start-up (a migration, PostgreSQL starting) waits
  // for the start to finish and then stops cleanly, instead of killing the process mid-write.
  let stop: ((signal: string) => Promise<void>) | null = null;
  let signalled: string | null = null;
  const onSignal = (signal: string) => {
    if (signalled) {
      // A second Ctrl-C is someone who will not wait; the other signals repeat what is under way (npm's
      // shell ending, the terminal closing on a stop), and the stop goes on.
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    signalled = signal;
    if (stop) void stop(signal);
    else process.stdout.write(`${signal} received: stopping as soon as the start has finished...\n`);
  };
  // SIGHUP: the terminal or SSH login closed. Node.js resets it to its default at start, `nohup` or not, so
  // the process would end at once and leave its PostgreSQL running.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => onSignal(signal));

  const config = parseConfig(process.env);
  await checkFileStoreConfig(config.S3_URL);
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startDefaultDatabase({
      dataDir: config.DATA_DIR,
      log: (line) => process.stdout.write(`${line}\n`),
      onExit: (reason) => {
        process.stderr.write(`${reason}\nSewablast stops: its database is gone.\n`);
        process.exit(1);
      },
    });
    databaseUrl = embedded.url;
  }
  const database = await openDatabase({ url: databaseUrl });
  let logins: Login[] | null = null;
  await database.migrate(async () => {
    logins = await seed(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.SEED_DEMO,
    });
  });
  const redisError = (error: Error) => process.stderr.write(`Redis: ${error.message}\n`);
  const bus = config.REDIS_URL ? await createRedisBus(config.REDIS_URL, redisError) : createMemoryBus();
  const commands = config.REDIS_URL ? await createRedisTransport(config.REDIS_URL, redisError) : undefined;
  const limits = config.REDIS_URL
    ? withMemoryFallback(await createRedisLimits(config.REDIS_URL, redisError), createMemoryLimits(), (error) =>
        process.stderr.write(`Redis: ${error.message}; the abuse limits count on this node until it is back\n`),
      )
    : undefined;
  const driver =
    config.WA_DRIVER === 'simulator'
      ? new SimulatorDriver({
          seed: config.SIM_SEED ?? Math.floor(Math.random() * 2 ** 31),
          scanMs: config.SIM_SCAN_MS,
          reconnectMs: config.SIM_RECONNECT_MS,
          rates: ratesOf(config.SIM_FAULTS),
          bans: config.SIM_BANS,
          timeZone: config.BUSINESS_TZ,
        })
      : new BaileysDriver({
          logger: pino({ level: config.LOG_LEVEL === 'debug' ? 'warn' : 'error', base: { component: 'baileys' } }),
          waVersion: config.WA_VERSION,
        });
  const holdsSessions = config.ROLE !== 'api';
  const engineDatabase = holdsSessions ? await openEngineDatabase(databaseUrl) : null;
  const services = createServices(database.db, loadJwtSecret(config.JWT_SECRET, config.DATA_DIR), {
    bus,
    engineDb: engineDatabase?.db,
    driver: holdsSessions ? driver : null,
    commands,
    limits,
    timeZone: config.BUSINESS_TZ,
    accountSafety: config.ACCOUNT_SAFETY,
    leaseSeconds: config.LEASE_SECONDS,
    twoFactorRequired: config.TWO_FACTOR_REQUIRED,
    s3: config.S3_URL,
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: () => config.PUBLIC_URL },
    log: (message, error) => process.stderr.write(`${message}: ${describeError(error)}\n`),
  });

  const app =
    config.ROLE === 'worker' ? null : await buildApp({ config, services, bus, version: VERSION, webDist: WEB_DIST });
  let url: string | null = null;
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    // PUBLIC_URL is the address whose pages the live channel accepts, so it is the one to open; PORT=0 takes a
    // free port, which only the listening server knows, and which the banner names for whoever started it.
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    bindPublicUrl(config, port);
    url = config.PORT === 0 ? localUrl(config.HOST, port) : config.PUBLIC_URL;
  }
  await services.host?.start();
  const metricsListener =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsListener({
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
          token: config.METRICS_TOKEN,
          scrape: app
            ? () => app.scrapeMetrics()
            : () => scrape([services.hostMetricsRegistry].filter((r) => r !== null)),
          readiness: () => checkReadiness({ db: services.db, bus, lifecycle: services.lifecycle }),
        });
  printBanner(config, url, logins);

  stop = async (signal: string) => {
    process.stdout.write(`${signal} received: finishing requests and closing the database...\n`);
    services.lifecycle.stop();
    if (app && config.SHUTDOWN_DRAIN_S > 0) {
      process.stdout.write(`Readiness answers 503; closing in ${config.SHUTDOWN_DRAIN_S} s...\n`);
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_S * 1000));
    }
    metricsListener?.close();
    await app?.close();
    await services.host?.stop();
    await commands?.close();
    await limits?.close();
    await bus.close();
    await engineDatabase?.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  if (signalled) await stop(signalled);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof DataDirBusyError || error instanceof PgliteDataDirError) {
    process.stderr.write(`Sewablast did not start: ${error.message}\n`);
  } else {
    process.stderr.write(
      `Sewablast failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
