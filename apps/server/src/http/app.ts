/**
 * The Fastify application: third-party plugins first, then our own (errors, access), then the routes, each
 * area with the role group its routes serve, then the dashboard with its fallback to index.html.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, dashboardOrigins } from '../config.ts';
import { redactUrl } from '../lib/redact-url.ts';
import type { EventBus } from '../live/bus.ts';
import { registerLiveGateway } from '../live/gateway.ts';
import { registerHttpMetrics } from '../metrics/http-metrics.ts';
import { registerMetricsRoute } from '../metrics/routes.ts';
import { accountLossRoutes } from '../modules/account-loss/routes.ts';
import { auditRoutes } from '../modules/audit/routes.ts';
import { emailConfirmationRoutes } from '../modules/auth/email-confirmation-routes.ts';
import { recoveryRoutes } from '../modules/auth/recovery-routes.ts';
import { rememberedDeviceRoutes } from '../modules/auth/remembered-device-routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { sessionRoutes } from '../modules/auth/session-routes.ts';
import { twoFactorResetRoutes, twoFactorRoutes } from '../modules/auth/two-factor-routes.ts';
import { bonusRoutes } from '../modules/bonus/routes.ts';
import { fileRoutes } from '../modules/file/routes.ts';
import { generatorRoutes } from '../modules/generator/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { legalRoutes } from '../modules/legal/routes.ts';
import { levelRoutes } from '../modules/level/routes.ts';
import { messageRoutes } from '../modules/message/routes.ts';
import { messageLogRoutes } from '../modules/messagelog/routes.ts';
import { monitorRoutes } from '../modules/monitor/routes.ts';
import { phoneNumberRoutes } from '../modules/phonenumber/routes.ts';
import { proxyRoutes } from '../modules/proxy/routes.ts';
import { referralRoutes } from '../modules/referral/routes.ts';
import { settingRoutes } from '../modules/setting/routes.ts';
import { memberRoutes } from '../modules/users/member-routes.ts';
import { userRoutes } from '../modules/users/routes.ts';
import { temporaryPasswordRoutes } from '../modules/users/temporary-password-routes.ts';
import { validatorRoutes } from '../modules/validator/routes.ts';
import { whatsappRoutes } from '../modules/whatsapp/routes.ts';
import { withdrawRoutes } from '../modules/withdraw/routes.ts';
import type { Services } from '../services.ts';
import { accessPlugin, area } from './access.ts';
import { registerDashboard } from './dashboard.ts';
import { devSimulatorRoutes } from './dev-simulator.ts';
import { registerDocs } from './docs.ts';
import { frameworkErrors, registerErrorHandler } from './errors.ts';
import { registerInputGuard } from './input-guard.ts';
import { FORM_LIMITS } from './multipart.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { createUserLimits, userLimitsOf } from './user-limits.ts';

/** Template media: images, video, audio and PDF up to 16 MB (DESIGN §6). */
export const MEDIA_MAX_MB = 16;

export interface AppOptions {
  config: Pick<
    Config,
    | 'LOG_LEVEL'
    | 'ALLOWED_ORIGINS'
    | 'ROLE'
    | 'WA_DRIVER'
    | 'db'
    | 'IMPORT_MAX_MB'
    | 'TRUST_PROXY'
    | 'PUBLIC_URL'
    | 'USER_REQUESTS_PER_SECOND'
    | 'USER_REQUESTS_IN_FLIGHT'
    | 'FILE_DOWNLOADS_PER_MINUTE'
    | 'FILE_DOWNLOADS_IN_FLIGHT'
    | 'METRICS_TOKEN'
  >;
  services: Services;
  bus: EventBus;
  version: string;
  /** The built dashboard; without it only the API is served. */
  webDist?: string;
  /** Pass false to silence request logs (tests). */
  logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, services } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY; with none, the socket's address.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: config.ALLOWED_ORIGINS.length ? config.ALLOWED_ORIGINS : false });
  await app.register(rateLimit, {
    global: false,
    // Shared by every api node when REDIS_URL is set, like the other limits (services.limits).
    // With Redis away these per-address limits step aside; the per-account and per-user ones count on this
    // node meanwhile (lib/limit-store-fallback.ts).
    ...(services.limits.redis
      ? { redis: services.limits.redis, nameSpace: 'sewablast:limits:route:', skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, msg: SERVER_TEXT.tooManyRequests }),
  });
  // Each upload route sets its own smaller limit; this is the ceiling for any of them.
  await app.register(multipart, {
    limits: { fileSize: Math.max(config.IMPORT_MAX_MB, MEDIA_MAX_MB) * 1024 * 1024, ...FORM_LIMITS },
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  const httpMetrics = registerHttpMetrics(app);
  await registerDocs(app, options.version);
  await app.register(accessPlugin, {
    authenticate: services.authenticate,
    seen: services.userSessions.seen,
    limits: createUserLimits(userLimitsOf(config), services.limits),
  });

  // Area routes: each binds its calls from the contract's call table (full path, access, schemas and
  // failures declared there); ownership of the rows named is the services' first check.
  await app.register(healthRoutes, {
    config,
    version: options.version,
    readiness: { db: services.db, bus: options.bus, lifecycle: services.lifecycle },
  });
  await app.register(authRoutes, { auth: services.auth, signupGuard: services.signupGuard });
  await app.register(recoveryRoutes, { recovery: services.recovery });
  await app.register(sessionRoutes, { sessions: services.userSessions });
  await app.register(emailConfirmationRoutes, { confirmation: services.emailConfirmation });
  await app.register(twoFactorRoutes, { auth: services.auth, twoFactor: services.twoFactor });
  await app.register(rememberedDeviceRoutes, { devices: services.rememberedDevices });
  await app.register(legalRoutes, { settings: services.settings });
  await app.register(userRoutes, { users: services.users, signupGuard: services.signupGuard });
  await app.register(memberRoutes, { members: services.members });
  await app.register(twoFactorResetRoutes, { twoFactor: services.twoFactor, backOffice: services.backOfficeUsers });
  await app.register(temporaryPasswordRoutes, { temporaryPasswords: services.temporaryPasswords });
  await app.register(settingRoutes, {
    settings: services.settings,
    timeZone: services.timeZone,
    engine: services.engine,
  });
  await app.register(levelRoutes, { levels: services.levels });
  await app.register(messageRoutes, { messages: services.messages, importMaxMb: config.IMPORT_MAX_MB });
  // Reached by the signed URLs the API hands out: an <img> cannot send a bearer token.
  await app.register(fileRoutes, {
    files: services.files,
    limits: createUserLimits(
      {
        burst: config.FILE_DOWNLOADS_PER_MINUTE,
        perSecond: config.FILE_DOWNLOADS_PER_MINUTE / 60,
        inFlight: config.FILE_DOWNLOADS_IN_FLIGHT,
      },
      services.limits,
      'download',
    ),
  });
  await app.register(phoneNumberRoutes, {
    phoneNumbers: services.phoneNumbers,
    importMaxMb: config.IMPORT_MAX_MB,
    bus: options.bus,
  });
  await app.register(proxyRoutes, { proxies: services.proxies, importMaxMb: config.IMPORT_MAX_MB });
  await app.register(whatsappRoutes, { whatsapp: services.whatsapp });
  // The simulator's /dev controls, on every node that runs on it: the engine reaches the session's holder.
  if (config.WA_DRIVER === 'simulator')
    await app.register(area(devSimulatorRoutes, 'devOnly'), { prefix: '/dev', engine: services.engine });
  await app.register(monitorRoutes, { monitor: services.monitor, role: config.ROLE });
  await app.register(messageLogRoutes, { messageLogs: services.messageLogs });
  await app.register(withdrawRoutes, { withdrawals: services.withdrawals, exports: services.acceptedExport });
  await app.register(generatorRoutes, {
    generators: services.generators,
  });
  await app.register(validatorRoutes, {
    validators: services.validators,
    importMaxMb: config.IMPORT_MAX_MB,
  });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(accountLossRoutes, { accountLoss: services.accountLoss });
  await app.register(bonusRoutes, { bonuses: services.bonuses });
  await app.register(referralRoutes, { referrals: services.referrals });

  await registerLiveGateway(app, {
    bus: options.bus,
    authenticate: services.authenticate,
    allowedOrigins: () => dashboardOrigins(config),
    connections: services.liveConnections,
    limits: services.limits,
  });
  registerMetricsRoute(app, {
    token: config.METRICS_TOKEN,
    registries: [httpMetrics, services.hostMetricsRegistry].filter((registry) => registry !== null),
  });
  await registerDashboard(app, options.webDist);
  return app;
}
