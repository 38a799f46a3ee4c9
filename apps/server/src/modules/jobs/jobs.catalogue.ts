import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { createAutonomyService } from '../autonomy/autonomy.service';
import type { Coins } from '../coins/coins.module';
import type { FileStorage } from '../files/file-storage';
import { createFilesService } from '../files/files.service';
import type { Mailer } from '../mail/mailer';
import type { MarketingService } from '../marketing/marketing.service';
import type { PayoutRail } from '../payouts/payout-rail';
import { SEND_AFTER_MS } from '../payouts/payout-runner';
import { createPayoutService } from '../payouts/payouts.service';
import { pruneJournal } from '../realtime/realtime.bus';
import { createSavedReportsService } from '../saved-reports/saved-reports.service';
import { createTransactionScheduleService } from '../transaction-schedules/transaction-schedules.service';

/** What a handler is given: a signal that aborts on timeout, cancel or stop, and a log line writer. */
export interface JobContext {
  signal: AbortSignal;
  log(line: string): void;
  params: Record<string, unknown>;
}
export interface JobOutcome {
  items?: number;
  summary?: Record<string, unknown>;
}
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;
export type JobHandlers = Record<string, JobHandler>;

/** A job the code offers: its row is made with these defaults; staff may change schedule and policy later. */
export interface JobDefinition {
  key: string;
  title: string;
  cron: string;
  /** Pausing or editing it needs a reason and the step-up (brief: jobs that move money). */
  movesMoney: boolean;
  timeoutS: number;
}

/**
 * The catalogue: only work this server really does, each the same service call the server's own loop makes
 * (ADR 0026). Those loops stay; a job here runs the same idempotent step on a cron, on demand and with history.
 */
export const JOB_CATALOGUE: readonly JobDefinition[] = [
  {
    key: 'stats.altcoin.daily',
    title: 'AltCoin Stats refresh',
    cron: '5 0 * * *',
    movesMoney: false,
    timeoutS: 300,
  },
  {
    key: 'coins.health.probe',
    title: 'Coin Health probe',
    cron: '*/5 * * * *',
    movesMoney: false,
    timeoutS: 120,
  },
  {
    key: 'payouts.batch',
    title: 'Payout rail: send approved, settle sent',
    cron: '*/15 * * * *',
    movesMoney: true,
    timeoutS: 300,
  },
  {
    key: 'transactions.schedules',
    title: 'Transaction Scheduling: run due merchant schedules',
    cron: '* * * * *',
    movesMoney: true,
    timeoutS: 300,
  },
  {
    key: 'marketing.send',
    title: 'Email campaign send step',
    cron: '* * * * *',
    movesMoney: false,
    timeoutS: 120,
  },
  { key: 'files.purge', title: 'Purge deleted files', cron: '0 * * * *', movesMoney: false, timeoutS: 600 },
  {
    key: 'live-events.prune',
    title: 'Prune the live events journal',
    cron: '30 * * * *',
    movesMoney: false,
    timeoutS: 120,
  },
  {
    key: 'reports.scheduled',
    title: 'Scheduled SQL reports (approved, due)',
    cron: '* * * * *',
    movesMoney: false,
    timeoutS: 300,
  },
  {
    key: 'autonomy.revert',
    title: 'Revert ended merchant autonomy elevations',
    cron: '15 0 * * *',
    movesMoney: false,
    timeoutS: 120,
  },
];

export const movesMoney = (key: string) => JOB_CATALOGUE.find((d) => d.key === key)?.movesMoney ?? false;

const PAYOUT_BATCH = 50;
const FILES_BATCH = 100;

/** The handlers, built from the same services the server's loops use. */
export function createJobHandlers(deps: {
  config: Pick<AppConfig, 'payouts' | 'files' | 'marketing'>;
  db: Db;
  now: () => Date;
  coins: Coins;
  payoutRail: PayoutRail;
  marketing: Pick<MarketingService, 'runStep'>;
  fileStorage: FileStorage;
  /** Scheduled reports: PGlite's tighter cost cap, and the mailer for e-mailed reports (ADR 0030). */
  databaseKind: 'pglite' | 'postgres';
  mailer: Mailer;
}): JobHandlers {
  const { config, db, now } = deps;
  const payouts = createPayoutService({
    db,
    now,
    rail: deps.payoutRail,
    fourEyesEur: config.payouts.fourEyesEur,
  });
  const schedules = createTransactionScheduleService({
    db,
    now,
    rail: deps.payoutRail,
    fourEyesEur: config.payouts.fourEyesEur,
  });
  const files = createFilesService({ db, now, storage: deps.fileStorage, maxBytes: config.files.maxBytes });
  const reports = createSavedReportsService({ db, now, kind: deps.databaseKind, mailer: deps.mailer });
  const autonomy = createAutonomyService({ db, now });
  return {
    'stats.altcoin.daily': async (ctx) => {
      await deps.coins.coinStats.refresh();
      ctx.log("today's row refreshed; yesterday closed when due");
      return {};
    },
    'coins.health.probe': async (ctx) => {
      const sampled = await deps.coins.coinHealth.probe();
      await deps.coins.coinHealth.prune();
      ctx.log(`${sampled} coins probed; old samples pruned`);
      return { items: sampled };
    },
    'payouts.batch': async (ctx) => {
      const { sent, settled } = await payouts.runRail({ sendAfterMs: SEND_AFTER_MS, limit: PAYOUT_BATCH });
      ctx.log(`${sent} payouts sent, ${settled} settled`);
      return { items: sent + settled, summary: { sent, settled } };
    },
    'transactions.schedules': async (ctx) => {
      const { executed, skipped } = await schedules.runDue();
      ctx.log(`${executed} schedule slots executed, ${skipped} skipped (Skip next)`);
      return { items: executed + skipped, summary: { executed, skipped } };
    },
    'marketing.send': async (ctx) => {
      // One step of the loop's own size, so a run now never sends faster than the configured rate.
      const { sendPerSecond, runnerIntervalMs } = config.marketing;
      const perStep = Math.max(1, Math.floor((sendPerSecond * Math.max(runnerIntervalMs, 1000)) / 1000));
      const sent = await deps.marketing.runStep(perStep);
      ctx.log(`${sent} campaign emails handled`);
      return { items: sent };
    },
    'files.purge': async (ctx) => {
      let purged = 0;
      for (;;) {
        const step = await files.purgeDeleted(config.files.purgeAfterDays, FILES_BATCH);
        purged += step.purged;
        if (!step.more || ctx.signal.aborted) break;
      }
      ctx.log(`${purged} deleted files purged (deleted more than ${config.files.purgeAfterDays} days ago)`);
      return { items: purged };
    },
    'autonomy.revert': async (ctx) => {
      const reverted = await autonomy.revertExpired();
      ctx.log(`${reverted} time-boxed autonomy elevation${reverted === 1 ? '' : 's'} reverted`);
      return { items: reverted };
    },
    'live-events.prune': async (ctx) => {
      await pruneJournal(db, now());
      ctx.log('live events older than a day removed');
      return {};
    },
    // Each report's slot is taken once (its own conditional update), so a second run of this job is harmless.
    'reports.scheduled': async (ctx) => {
      const ran = await reports.runDue((line) => ctx.log(line));
      ctx.log(`${ran} due reports run`);
      return { items: ran };
    },
  };
}
