import { EDITOR_IMAGE_MAX_BYTES, PRODUCT_VERSION, type PublicConfig } from '@bo/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AppConfig, integrationModeOf } from './config/config';
import type { Database } from './db/database';
import { registerAdminService } from './modules/admin/admin.calls';
import { ADMIN_EXPORTS, createAdminHandlers } from './modules/admin/admin.handlers';
import { registerExportService } from './modules/admin/export.calls';
import { registerAuthRoutes } from './modules/auth/auth.calls';
import { createAuthService } from './modules/auth/auth.service';
import { createBotCheck } from './modules/auth/bot-check.service';
import { createJwt } from './modules/auth/jwt.service';
import { createRequestAuth } from './modules/auth/request-auth';
import { createSessions } from './modules/auth/session.service';
import { createLoginThrottle } from './modules/auth/throttle.service';
import { registerChatRoutes } from './modules/chat/chat.calls';
import { createChatService } from './modules/chat/chat.service';
import { type Coins, createCoins } from './modules/coins/coins.module';
import { registerNodeSandboxRoutes } from './modules/coins/coins.sandbox-routes';
import { createConfigVault } from './modules/config/config-vault';
import { createFileStorage } from './modules/files/file-storage';
import { createFilesService } from './modules/files/files.service';
import { createMarketImageUpload, registerMediaRoutes } from './modules/files/media.routes';
import { registerIngestRoutes } from './modules/ingest/ingest.calls';
import { createIngestService } from './modules/ingest/ingest.service';
import { createIntegrationRuntime } from './modules/integrations/integration-runtime';
import { createIntegrations } from './modules/integrations/registry';
import { syncJobCatalogue } from './modules/jobs/job-runner';
import { JOB_CATALOGUE } from './modules/jobs/jobs.catalogue';
import { registerLicensingRoutes } from './modules/licensing/licensing.calls';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createMarketingService, type MarketingService } from './modules/marketing/marketing.service';
import { registerUnsubscribeRoutes } from './modules/marketing/unsubscribe.routes';
import { createPayoutRail, type PayoutRail } from './modules/payouts/payout-rail';
import { createPayoutService } from './modules/payouts/payouts.service';
import { createPoolChains, type PoolChains } from './modules/pools/chains/pool-chains';
import { createRatesService } from './modules/rates/rates.service';
import { publishBusEvent, publishIngestEvents } from './modules/realtime/realtime.bus';
import { registerRealtimeFeed } from './modules/realtime/realtime.feed';
import { registerGoamlDownload } from './modules/reports/reports.calls';
import { ACCESS_CHANNEL, createAccessChanges } from './modules/staff/access-changes.bus';
import { createServiceStatusChecker } from './modules/status/service-status.service';
import { registerStatusRoutes } from './modules/status/status.calls';
import { createSyncStatusReader } from './modules/status/sync-status.service';
import { prepareFindTransactions } from './modules/transactions/transactions.repository';
import { registerCsrfGuard } from './plugins/csrf';
import { frameworkErrorAnswer, registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one Email Marketing service (ADR 0023), built with the app's mailer: the admin calls and the
     * unsubscribe page use it, and server.ts hands it to the send's runner, so all mail leaves one transport.
     */
    marketing: MarketingService;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** The clock; tests move it instead of sleeping. */
  now?: () => Date;
  mailer?: Mailer;
  logger?: boolean;
  /** The chains of the XRP and Ether pools; by default as INTEGRATIONS_MODE says (the sandboxes). */
  chains?: PoolChains;
  /** Coin Health's nodes and AltCoin Stats; by default as NODES_MODE says (the sandbox). */
  coins?: Coins;
  /** The payout rail (ADR 0016); by default as INTEGRATIONS_MODE (PAYOUT_RAIL_MODE) says (the sandbox). */
  payoutRail?: PayoutRail;
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
    frameworkErrors: frameworkErrorAnswer,
  });

  await app.register(fastifyCookie);
  // Uploads (ADR 0024): one file per request, a few short fields; each call sets its own file size limit
  // when it reads the body, and this is the ceiling of them all.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(config.files.maxBytes, EDITOR_IMAGE_MAX_BYTES),
      files: 1,
      fields: 8,
      fieldSize: 1024,
      parts: 9,
      headerPairs: 50,
    },
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerCsrfGuard(app, config.allowedOrigins);
  registerInputGuard(app);

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
  const marketing = createMarketingService({
    db,
    now,
    mailer,
    publicUrl: config.publicUrl,
    productName: config.productName,
  });
  app.decorate('marketing', marketing);
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

  const publicConfig: PublicConfig = {
    productName: config.productName,
    version: PRODUCT_VERSION,
    demoMode: config.demoMode,
    totpMandatory: config.totpMandatory,
    invoiceUrlTemplate: config.invoiceUrlTemplate,
  };
  registerAuthRoutes(app, {
    db,
    auth,
    requestAuth,
    botCheck,
    rates: createRatesService(db),
    publicConfig,
    cookie: { maxAgeMs: config.session.maxAgeMs, secure: config.session.cookieSecure },
  });
  const syncStatus = createSyncStatusReader({
    database: options.database,
    readReplicaUrl: config.readReplicaUrl,
    logger: app.log,
  });
  app.addHook('onClose', () => syncStatus.close());
  // Role changes, disabled accounts and ended sessions re-check the live feeds of every instance at once.
  const accessChanges = createAccessChanges(db, app.log);
  sessions.onEnded(() => void accessChanges.publish());
  const stopHearingAccess = await options.database.listen(ACCESS_CHANNEL, (payload) =>
    accessChanges.heard(payload),
  );
  app.addHook('onClose', stopHearingAccess);
  const chains = options.chains ?? createPoolChains(config, db, now);
  const coins = options.coins ?? createCoins(config, db, now);
  const payoutRail = options.payoutRail ?? createPayoutRail(config.payouts.railMode);
  const fileStorage = createFileStorage(config.files);
  const files = createFilesService({ db, now, storage: fileStorage, maxBytes: config.files.maxBytes });
  registerMediaRoutes(app, { files });
  // The catalogue's job rows (ADR 0026), so Platform Scheduling lists them whether or not this process runs jobs.
  await syncJobCatalogue(db, JOB_CATALOGUE, now());
  // The config screens' services (ADR 0028): fakes under /fake/<service> in fake mode, outside the staff
  // session and its CSRF header (the in-process transport and the fakes' own callers send neither).
  const integrations = await createIntegrationRuntime(app, {
    defs: createIntegrations({ db }),
    modeOf: (service) => integrationModeOf(config.integrations, service),
    now,
  });
  const adminHandlers = createAdminHandlers({
    db,
    databaseKind: options.database.kind,
    chains,
    coinHealth: coins.coinHealth,
    coinStats: coins.coinStats,
    pools: config.pools,
    payoutRail,
    payoutConfig: config.payouts,
    goaml: config.goaml,
    jwt,
    now,
    sidebarLinks: config.sidebarLinks,
    syncStatus,
    log: app.log,
    sessions,
    accessChanges,
    idleMs: config.session.idleMs,
    files: { storage: fileStorage, maxBytes: config.files.maxBytes },
    marketing,
    mailer,
    configVault: createConfigVault({
      masterKey: config.configMasterKey?.reveal(),
      demoMode: config.demoMode,
      dataDir: config.dataDir,
    }),
    integrations,
    publicUrl: config.publicUrl,
  });
  registerAdminService(app, {
    requestAuth,
    handlers: adminHandlers,
    sessionCalls: new Set(['GenerateJWTToken']),
  });
  registerExportService(app, { db, now, requestAuth, handlers: adminHandlers, exports: ADMIN_EXPORTS });
  registerGoamlDownload(app, { db, requestAuth });
  registerUnsubscribeRoutes(app, { productName: config.productName, marketing });
  registerLicensingRoutes(app, { db, now });
  registerStatusRoutes(app, {
    requestAuth,
    checker: createServiceStatusChecker({ ...config.serviceStatus, logger: app.log }),
  });

  const chat = createChatService(db, now, {
    onSent: (sent) =>
      publishBusEvent(db, { type: 'chat', ...sent }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'chat message not announced'),
      ),
  });
  registerChatRoutes(app, {
    db,
    requestAuth,
    chat,
    otherPosts: [createMarketImageUpload({ db, requestAuth, files })],
  });
  await registerRealtimeFeed(app, {
    database: options.database,
    sessions,
    allowedOrigins: config.allowedOrigins,
    now,
    accessChanges,
    findTransactions: prepareFindTransactions(db),
    loadChatMessage: (id) => chat.message(id),
  });
  if (config.ingestToken) {
    const ingest = createIngestService(db, {
      now,
      logger: app.log,
      onEvent: publishIngestEvents(db),
    });
    const payouts = createPayoutService({
      db,
      now,
      rail: payoutRail,
      fourEyesEur: config.payouts.fourEyesEur,
    });
    registerIngestRoutes(app, {
      token: config.ingestToken,
      ingest,
      db,
      now,
      payouts: { request: (input) => payouts.requestByPlatform(input) },
    });
    const nodesSandbox = coins.nodes.sandbox;
    if (nodesSandbox)
      registerNodeSandboxRoutes(app, { token: config.ingestToken, sandbox: nodesSandbox, coins });
  }

  // Healthy means able to serve: a load balancer takes an instance whose database is unreachable out of
  // rotation (503), and puts it back once the database answers again.
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  registerWebApp(app, config.webDistDir, publicConfig);
  return app;
}
