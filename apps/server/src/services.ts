/** Wires each area's service to the database and to the services it depends on. */
import type { S3Location } from './config.ts';
import type { Db } from './db/client.ts';
import { type CommandTransport, RemoteEngine, serveCommands } from './engine/remote.ts';
import { createReplyHandler } from './engine/session/replies.ts';
import { SessionHost } from './engine/session/session-host.ts';
import { KEPT_STATUS } from './http/errors.ts';
import { createMemoryLimits, type LimitStore } from './lib/limit-store.ts';
import { createMailer, type MailConfig } from './lib/mailer.ts';
import type { EventBus } from './live/bus.ts';
import { LiveConnections, THIS_NODE } from './live/connections.ts';
import { hostMetrics } from './metrics/engine-metrics.ts';
import { createAccountLossService } from './modules/account-loss/service.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createAuthenticate } from './modules/auth/authenticate.ts';
import { createBackOfficeUsers } from './modules/auth/back-office-users.ts';
import { createEmailConfirmation } from './modules/auth/email-confirmation.ts';
import { createExpiredSweep } from './modules/auth/expired-sweep.ts';
import { createLoginGuard, createSignupGuard } from './modules/auth/login-guard.ts';
import { createRecoveryService } from './modules/auth/recovery.ts';
import { createRememberedDevices } from './modules/auth/remembered-devices.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionService } from './modules/auth/sessions.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createTwoFactorService } from './modules/auth/two-factor.ts';
import { createSecretBox } from './modules/auth/two-factor-codes.ts';
import { createBonusService } from './modules/bonus/service.ts';
import { createFileService } from './modules/file/service.ts';
import { createFileStore } from './modules/file/stores.ts';
import { createGeneratorService } from './modules/generator/service.ts';
import { createLifecycle } from './modules/health/lifecycle.ts';
import { createLevelService } from './modules/level/service.ts';
import { createMessageService } from './modules/message/service.ts';
import { createMessageLogService } from './modules/messagelog/service.ts';
import { answerCensus, createCensus } from './modules/monitor/census.ts';
import { createMonitorService } from './modules/monitor/service.ts';
import { createPhoneNumberService } from './modules/phonenumber/service.ts';
import { createProxyService, quarantineProxy } from './modules/proxy/service.ts';
import { createReferralService } from './modules/referral/service.ts';
import { createSettingService } from './modules/setting/service.ts';
import { createMemberService } from './modules/users/members.ts';
import { createUserService } from './modules/users/service.ts';
import { createTemporaryPasswords } from './modules/users/temporary-password.ts';
import { createValidatorService } from './modules/validator/service.ts';
import { createWhatsappService } from './modules/whatsapp/service.ts';
import { createAcceptedExport } from './modules/withdraw/accepted-export.ts';
import { createWithdrawService } from './modules/withdraw/service.ts';
import { waVersionStatus } from './wa/baileys-version.ts';
import type { WaDriver } from './wa/driver.ts';

export interface Runtime {
  bus: EventBus;
  /**
   * The database the sessions and their blasts use, when it is not `db`: on PostgreSQL a pool of their own,
   * so that thousands of blasting accounts never make a dashboard request wait for a connection.
   */
  engineDb?: Db;
  /** The WhatsApp driver when this process holds sessions (roles `all` and `worker`), else null. */
  driver: WaDriver | null;
  /** Commands between api and worker processes (REDIS_URL in scale-out); absent when one process does all. */
  commands?: CommandTransport;
  log?: (message: string, error?: unknown) => void;
  /** BUSINESS_TZ: where "today" begins. */
  timeZone: string;
  /** Milliseconds in one second of blast time (tests run blasts faster). */
  secondMs?: number;
  /**
   * ACCOUNT_SAFETY: blasts keep to the sending hours, the daily caps and the warm-up (rules/safety/send-policy.ts).
   * main.ts passes the configuration's (on unless turned off); left out, as by tests about other things, off.
   */
  accountSafety?: boolean;
  /** Where the abuse limits count: Redis shared by the api nodes (REDIS_URL), else this process's memory. */
  limits?: LimitStore;
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL for recovery and confirmation mail; without an SMTP URL none is sent. */
  mail?: MailConfig & { publicUrl: () => string };
  /** TWO_FACTOR_REQUIRED: staff, admins and devs must set up a second factor first (off unless given). */
  twoFactorRequired?: boolean;
  /** S3_URL: the bucket new files go to; without it, the database. */
  s3?: S3Location;
  /** How often the session host renews its leases and runs its housekeeping round; tests shorten it. */
  hostRenewMs?: number;
  /** LEASE_SECONDS: how long the session host's leases last unrenewed (30 s unless given). */
  leaseSeconds?: number;
}

export function createServices(db: Db, jwtSecret: Uint8Array, runtime: Runtime) {
  const tokens = createTokenService(jwtSecret);
  const settings = createSettingService(db);
  const levels = createLevelService(db, settings);
  const mailer = createMailer(runtime.mail);
  const limits = runtime.limits ?? createMemoryLimits();
  // One guard for sign-in and for the current password a profile change asks for.
  const guard = createLoginGuard(limits);
  // Sign-in sessions (not WhatsApp's: those are the engine's).
  const userSessions = createSessionService(db, tokens, runtime.bus);
  const emailConfirmation = createEmailConfirmation({
    db,
    mailer,
    publicUrl: runtime.mail?.publicUrl ?? (() => ''),
    limits,
    log: runtime.log,
  });
  const users = createUserService(db, levels, userSessions, {
    mailer,
    guard,
    confirmation: emailConfirmation,
    timeZone: runtime.timeZone,
    log: runtime.log,
  });
  const members = createMemberService(db, levels);
  const twoFactor = createTwoFactorService({
    db,
    box: createSecretBox(jwtSecret),
    guard,
    announce: userSessions.announce,
    required: runtime.twoFactorRequired ?? false,
  });
  const rememberedDevices = createRememberedDevices(db);
  const authenticate = createAuthenticate(tokens, userSessions, twoFactor);
  const auth = createAuthService({
    users,
    sessions: userSessions,
    authenticate,
    guard,
    twoFactor,
    devices: rememberedDevices,
    confirmation: emailConfirmation,
  });
  const recovery = createRecoveryService({
    db,
    users,
    mailer,
    publicUrl: runtime.mail?.publicUrl ?? (() => ''),
    log: runtime.log,
    sessions: userSessions,
  });
  const temporaryPasswords = createTemporaryPasswords(db, users, userSessions);
  const fileStore = createFileStore(db, runtime.s3);
  const files = createFileService(db, jwtSecret, fileStore);
  const messages = createMessageService(db, files);
  const phoneNumbers = createPhoneNumberService(db);
  const proxies = createProxyService(db);
  const engineDb = runtime.engineDb ?? db;
  const safety = { timeZone: runtime.timeZone, enforce: runtime.accountSafety ?? false };
  const host = runtime.driver
    ? new SessionHost({
        db: engineDb,
        driver: runtime.driver,
        bus: runtime.bus,
        proxyOf: proxies.valueOf,
        releaseProxy: (id, why) => (why === 'banned' ? quarantineProxy(engineDb, id) : proxies.release(id)),
        onIncoming: createReplyHandler(engineDb),
        files: fileStore,
        log: runtime.log,
        secondMs: runtime.secondMs,
        safety,
        renewMs: runtime.hostRenewMs,
        leaseSeconds: runtime.leaseSeconds,
        // On the main pool: these are the dashboard's tables.
        chores: [createExpiredSweep(db)],
      })
    : null;
  if (host && runtime.commands) serveCommands(runtime.commands, host, runtime.log);
  // With Redis, every call goes to the lease holder, which may be this process or another one.
  const engine = runtime.commands ? new RemoteEngine(db, runtime.commands) : host;
  const whatsapp = createWhatsappService({
    db,
    proxies,
    phoneNumbers,
    bus: runtime.bus,
    engine,
    secondMs: runtime.secondMs,
    safety,
  });
  const generators = createGeneratorService({ db, engine });
  const validators = createValidatorService({ db, engine, files });
  const messageLogs = createMessageLogService(db, runtime.timeZone);
  const bonuses = createBonusService(db, KEPT_STATUS);
  const withdrawals = createWithdrawService(db, runtime.timeZone, {
    confirmEmails: emailConfirmation.required,
    keptStatus: KEPT_STATUS,
  });
  const acceptedExport = createAcceptedExport(db, runtime.timeZone);
  const audit = createAuditService(db, runtime.timeZone);
  const accountLoss = createAccountLossService(db, runtime.timeZone);
  const referrals = createReferralService(db);
  // Sockets are listed on the node holding them; with Redis every node answers the others' census.
  const liveConnections = new LiveConnections();
  if (runtime.commands) answerCensus(runtime.commands, liveConnections, THIS_NODE);
  const monitor = createMonitorService({
    db,
    host,
    devices: engine,
    connections: liveConnections,
    census: runtime.commands ? createCensus(runtime.commands) : null,
    whatsappWebVersion: waVersionStatus,
  });
  // Read on each scrape: the sessions and loops of this process's session host (docs/operations.md).
  const hostMetricsRegistry = host ? hostMetrics(engineDb, host) : null;
  return {
    db,
    tokens,
    userSessions,
    settings,
    /** BUSINESS_TZ, which the settings answer names for the screens' times of day. */
    timeZone: runtime.timeZone,
    engine,
    levels,
    users,
    members,
    authenticate,
    twoFactor,
    rememberedDevices,
    backOfficeUsers: createBackOfficeUsers(db),
    auth,
    recovery,
    emailConfirmation,
    temporaryPasswords,
    fileStore,
    files,
    messages,
    phoneNumbers,
    proxies,
    host,
    whatsapp,
    generators,
    validators,
    messageLogs,
    bonuses,
    withdrawals,
    acceptedExport,
    audit,
    accountLoss,
    referrals,
    liveConnections,
    monitor,
    hostMetricsRegistry,
    lifecycle: createLifecycle(),
    limits,
    signupGuard: createSignupGuard(limits),
  };
}

export type Services = ReturnType<typeof createServices>;
