import { existsSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_VERSION } from '@bo/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { registerAdminService } from './modules/admin/admin.calls';
import { createAdminHandlers } from './modules/admin/admin.handlers';
import { registerAuthRoutes } from './modules/auth/auth.calls';
import { createAuthService } from './modules/auth/auth.service';
import { createBotCheck } from './modules/auth/bot-check.service';
import { createJwt } from './modules/auth/jwt.service';
import { createSessions } from './modules/auth/session.service';
import { createLoginThrottle } from './modules/auth/throttle.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createRequestAuth } from './plugins/auth';
import { registerCsrfGuard } from './plugins/csrf';
import { notFoundAnswer, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** The clock; tests move it instead of sleeping. */
  now?: () => Date;
  mailer?: Mailer;
  logger?: boolean;
}

/** The whole application without a port: server.ts listens, tests call `inject()`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { db } = options.database;
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Behind a load balancer set this per deployment; on one host the socket address is the truth.
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });

  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerCsrfGuard(app, config.allowedOrigins);

  const sessions = createSessions(db, {
    maxAgeMs: config.session.maxAgeMs,
    idleMs: config.session.idleMs,
    now,
  });
  const jwt = createJwt(config.appSecret, config.jwtTtlSeconds, now);
  const botCheck = createBotCheck({
    db,
    secret: config.appSecret,
    cost: config.botCheck.cost,
    maxCounter: config.botCheck.maxCounter,
    now,
  });
  const throttle = createLoginThrottle(db, config.loginLimits, now);
  const mailer = options.mailer ?? createMailer(config.mail);
  const requestAuth = createRequestAuth({ db, sessions, jwt });
  const auth = createAuthService({
    db,
    sessions,
    throttle,
    botCheck,
    mailer,
    now,
    totpMandatory: config.totpMandatory,
    publicUrl: config.publicUrl,
    productName: config.productName,
  });

  registerAuthRoutes(app, {
    db,
    auth,
    requestAuth,
    botCheck,
    publicConfig: {
      productName: config.productName,
      version: PRODUCT_VERSION,
      demoMode: config.demoMode,
      totpMandatory: config.totpMandatory,
    },
    cookie: { maxAgeMs: config.session.maxAgeMs, secure: config.session.cookieSecure },
  });
  registerAdminService(app, {
    requestAuth,
    handlers: createAdminHandlers({ db, jwt, now, sidebarLinks: config.sidebarLinks }),
    sessionCalls: new Set(['GenerateJWTToken']),
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built web app, with index.html for every client-side route; other unknown paths get a 404 envelope. */
function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasWebApp &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.headers.accept?.includes('text/html') === true;
    if (!wantsPage) return reply.status(404).send(notFoundAnswer);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
