import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { altCoins } from './db/schema';
import { seedDemoData } from './db/seed/demo-data.seed';
import { seedDemoFiles } from './db/seed/files.seed';
import { seedGoamlReports } from './db/seed/goaml-reports.seed';
import { seedMarketingDemo } from './db/seed/marketing.seed';
import { attributeSeededApprovals } from './db/seed/payouts.seed';
import { DEMO_XRP_POOL_ACCOUNT } from './db/seed/pools.seed';
import { deriveDemoProviderPayments } from './db/seed/providers.seed';
import { seedDemoTransactionViews } from './db/seed/transaction-views.seed';
import { createCoinNodes } from './modules/coins/nodes/coin-nodes';
import { createFileStorage } from './modules/files/file-storage';
import { createIngestService } from './modules/ingest/ingest.service';
import { createPayoutRail } from './modules/payouts/payout-rail';
import { createPayoutService, PLATFORM_ACTOR } from './modules/payouts/payouts.service';
import { createPoolChains } from './modules/pools/chains/pool-chains';
import { createPoolFeed } from './modules/pools/pools.feed';
import { publishIngestEvents } from './modules/realtime/realtime.bus';
import { hasAnyStaff, seedDemoStaff } from './modules/staff/staff.service';
import { type Simulator, startSimulator } from './simulator/simulator';

/**
 * Demo mode: on the first start of a data folder, seed the platform and the demo accounts; later starts
 * reuse what is there. Outside demo mode nothing is seeded and `npm run staff:create` makes the first admin.
 */
export async function prepareData(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.demoMode) {
    if (!(await hasAnyStaff(database.db))) {
      log.warn('No staff accounts yet: run `npm run staff:create` to make the first administrator');
    }
    return;
  }
  const [coins] = await database.db.select({ n: sql<number>`count(*)::int` }).from(altCoins);
  if ((coins?.n ?? 0) === 0) {
    log.info('First start of this data folder: seeding the demo data set');
    const started = Date.now();
    const summary = await seedDemoData(database.db, {
      seed: config.demo.seed,
      days: config.demo.days,
      txPerDay: config.demo.txPerDay,
      now: new Date(),
    });
    log.info(
      {
        transactions: summary.transactions,
        payouts: summary.payouts,
        merchants: summary.merchants,
        ms: Date.now() - started,
      },
      'demo data seeded',
    );
  }
  await seedDemoStaff(database.db, { password: config.demo.password, totpSecret: config.demo.totpSecret });
  await attributeSeededApprovals(database.db);
  // After the staff: the demo files are the marketing account's uploads.
  await seedDemoFiles(database.db, createFileStorage(config.files), new Date());
  await seedGoamlReports(database.db, new Date());
  // Campaigns and news are made by a staff account, so after the demo staff (ADR 0023).
  await seedMarketingDemo(database.db, new Date());
  await seedDemoTransactionViews(database.db);
}

/** The demo payment platform, writing through the ingest module as a real feed would. */
export function startDemoPlatform(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
): Simulator | undefined {
  if (!config.simulator.enabled) return undefined;
  const publish = publishIngestEvents(database.db);
  const ingest = createIngestService(database.db, {
    now: () => new Date(),
    logger: log,
    // Through PostgreSQL, so browsers on every server instance see the change (DESIGN §4).
    onEvent: async (event) => {
      // The demo's acquirers answer with their own record of each fiat payment, as a real provider would.
      if (event.type === 'transaction' && event.transaction.externalProvider) {
        await deriveDemoProviderPayments(database.db, {
          prefix: event.transaction.prefix,
          transactionId: event.transaction.transactionId,
        });
      }
      await publish(event);
    },
  });
  const chains = createPoolChains(config, database.db, () => new Date());
  // The platform's payout run asks through the service, so its requests follow the four-eyes rule too.
  const payoutService = createPayoutService({
    db: database.db,
    now: () => new Date(),
    rail: createPayoutRail(config.payouts.railMode),
    fourEyesEur: config.payouts.fourEyesEur,
  });
  return startSimulator(ingest, database.db, {
    intervalMs: config.simulator.intervalMs,
    seed: config.demo.seed,
    logger: log,
    payouts: { request: (input) => payoutService.request(input, PLATFORM_ACTOR) },
    pools: chains.sandbox
      ? {
          feed: createPoolFeed({ db: database.db, now: () => new Date(), chains }),
          poolAccount: DEMO_XRP_POOL_ACCOUNT,
        }
      : undefined,
    nodes: createCoinNodes(config, database.db, () => new Date()).sandbox ?? undefined,
  });
}
