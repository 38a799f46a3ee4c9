import { hostname } from 'node:os';
import { buildApp } from './app';
import { prepareData, startDemoPlatform } from './bootstrap';
import { toConfig } from './config/config';
import { readEnv } from './config/env';
import { openDatabase } from './db/database';
import { startCoinJobs } from './modules/coins/coins.jobs';
import { createCoins } from './modules/coins/coins.module';
import { createFileStorage } from './modules/files/file-storage';
import { startFilesPurge } from './modules/files/files.jobs';
import { createJobRunner, startJobRunner } from './modules/jobs/job-runner';
import { createJobHandlers } from './modules/jobs/jobs.catalogue';
import { createMailer } from './modules/mail/mailer';
import { startMarketingRunner } from './modules/marketing/marketing-runner';
import { createPayoutRail } from './modules/payouts/payout-rail';
import { startPayoutRunner } from './modules/payouts/payout-runner';

/** A run now starts within a second; an idle tick is two small indexed reads. */
const JOB_RUNNER_POLL_MS = 1_000;

const config = toConfig(readEnv());
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const coins = createCoins(config, database.db, () => new Date());
const app = await buildApp({ config, database, coins });
await prepareData(config, database, app.log);
const simulator = startDemoPlatform(config, database, app.log);
// After the seed, so the first probe finds the coins (ADR 0017).
const coinJobs = startCoinJobs(coins, config, app.log);
const payoutRunner = startPayoutRunner(
  config,
  database.db,
  createPayoutRail(config.payouts.railMode),
  app.log,
);
// The app's own marketing service, so campaign mail leaves through the app's one mailer (SMTP, or the outbox).
const marketingRunner = startMarketingRunner(config, app.marketing, app.log);
// Bytes of files deleted more than FILES_PURGE_AFTER_DAYS ago leave the store the app writes to (ADR 0024).
const filesPurge = startFilesPurge(config, database.db, createFileStorage(config.files), app.log);
// The job runner (ADR 0026; buildApp made the catalogue's rows): the catalogue's jobs on their cron, run now and history. The loops above stay;
// each job runs the same idempotent step, claimed by one instance (SKIP LOCKED).
const jobRunner = startJobRunner(
  createJobRunner({
    db: database.db,
    now: () => new Date(),
    instance: `${hostname()}:${process.pid}`,
    handlers: createJobHandlers({
      config,
      db: database.db,
      now: () => new Date(),
      coins,
      payoutRail: createPayoutRail(config.payouts.railMode),
      marketing: app.marketing,
      fileStorage: createFileStorage(config.files),
      databaseKind: database.kind,
      mailer: createMailer(config.mail),
    }),
    log: app.log,
  }),
  JOB_RUNNER_POLL_MS,
  app.log,
);

const SHUTDOWN_DEADLINE_MS = 25_000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A drain that hangs must not outlive the orchestrator's grace period (30 s by default) unannounced.
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  // Stop taking requests, let in-flight ones finish, then release the database. A keep-alive connection
  // whose request finishes during the drain would otherwise hold the server open for its whole timeout.
  await simulator?.stop();
  await coinJobs.stop();
  await payoutRunner?.stop();
  await marketingRunner?.stop();
  await filesPurge.stop();
  await jobRunner.stop();
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 200);
  await app.close();
  clearInterval(sweeper);
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `${config.productName} back-office on http://${config.host}:${config.port} (${database.kind}${config.demoMode ? ', demo mode' : ''})`,
);
