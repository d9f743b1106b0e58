/**
 * The Fastify application: third-party plugins first, then our own (errors, auth), then the routes, then
 * the dashboard with its fallback to index.html for client routes.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { redactUrl } from '../lib/redact-url.ts';
import type { EventBus } from '../live/bus.ts';
import { registerLiveGateway } from '../live/gateway.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { bonusRoutes } from '../modules/bonus/routes.ts';
import { fileRoutes } from '../modules/file/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { levelRoutes } from '../modules/level/routes.ts';
import { messageRoutes } from '../modules/message/routes.ts';
import { messageLogRoutes } from '../modules/messagelog/routes.ts';
import { phoneNumberRoutes } from '../modules/phonenumber/routes.ts';
import { proxyRoutes } from '../modules/proxy/routes.ts';
import { settingRoutes } from '../modules/setting/routes.ts';
import { userRoutes } from '../modules/users/routes.ts';
import { whatsappRoutes } from '../modules/whatsapp/routes.ts';
import { withdrawRoutes } from '../modules/withdraw/routes.ts';
import type { Services } from '../services.ts';
import type { SimulatorDriver } from '../wa/simulator.ts';
import { authPlugin } from './auth.ts';
import { registerDashboard } from './dashboard.ts';
import { devSimulatorRoutes } from './dev-simulator.ts';
import { registerDocs } from './docs.ts';
import { registerErrorHandler } from './errors.ts';

/** Template media: images, video, audio and PDF up to 16 MB (DESIGN §6). */
export const MEDIA_MAX_MB = 16;

export interface AppOptions {
  config: Pick<Config, 'LOG_LEVEL' | 'ALLOWED_ORIGINS' | 'ROLE' | 'WA_DRIVER' | 'db' | 'IMPORT_MAX_MB'>;
  services: Services;
  bus: EventBus;
  version: string;
  /** The built dashboard; without it only the API is served. */
  webDist?: string;
  /** Pass false to silence request logs (tests). */
  logger?: boolean;
  /** The simulator driver, whose /dev controls are served when it is the driver in use. */
  simulator?: SimulatorDriver;
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
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
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
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, msg: SERVER_TEXT.tooManyRequests }),
  });
  // Each upload route sets its own smaller limit; this is the ceiling for any of them.
  await app.register(multipart, {
    limits: { fileSize: Math.max(config.IMPORT_MAX_MB, MEDIA_MAX_MB) * 1024 * 1024, files: 1, fields: 20 },
  });
  registerErrorHandler(app);
  await registerDocs(app, options.version);
  await app.register(authPlugin, { tokens: services.tokens, users: services.users });

  await app.register(healthRoutes, { prefix: '/api', config, version: options.version });
  await app.register(authRoutes, { prefix: '/api/auth', auth: services.auth });
  await app.register(userRoutes, { prefix: '/api/admin/users', users: services.users });
  // Area routes, one prefix each (spec part 2 §7).
  await app.register(settingRoutes, { prefix: '/api/admin/setting', settings: services.settings });
  await app.register(levelRoutes, { prefix: '/api/admin/level', levels: services.levels });
  await app.register(messageRoutes, {
    prefix: '/api/admin/message',
    messages: services.messages,
    importMaxMb: config.IMPORT_MAX_MB,
  });
  await app.register(fileRoutes, { prefix: '/api/file', files: services.files });
  await app.register(phoneNumberRoutes, {
    prefix: '/api/admin/phonenumber',
    phoneNumbers: services.phoneNumbers,
    importMaxMb: config.IMPORT_MAX_MB,
  });
  await app.register(proxyRoutes, {
    prefix: '/api/admin/proxy',
    proxies: services.proxies,
    importMaxMb: config.IMPORT_MAX_MB,
  });
  await app.register(whatsappRoutes, { prefix: '/api/admin/whatsapp', whatsapp: services.whatsapp });
  if (options.simulator) await app.register(devSimulatorRoutes, { prefix: '/dev', simulator: options.simulator });
  await app.register(messageLogRoutes, { prefix: '/api/admin/messagelog', messageLogs: services.messageLogs });
  await app.register(withdrawRoutes, { prefix: '/api/admin/withdraw', db: services.db });
  await app.register(bonusRoutes, { prefix: '/api/admin/bonus', bonuses: services.bonuses });

  await registerLiveGateway(app, {
    bus: options.bus,
    tokens: services.tokens,
    users: services.users,
    allowedOrigins: config.ALLOWED_ORIGINS,
  });
  await registerDashboard(app, options.webDist);
  return app;
}
