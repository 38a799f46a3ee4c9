import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { FileStorage } from './file-storage';
import { createFilesService } from './files.service';

export interface FilesPurge {
  stop(): Promise<void>;
}

/** Deleted files wait for days, so an hourly look is soon enough and costs one small query. */
const PURGE_EVERY_MS = 3_600_000;
/** Files per batch: a backlog is purged in batches, the stop checked between them. */
const PURGE_BATCH = 100;

/**
 * The purge of deleted files' bytes (ADR 0024): at start and then hourly, files deleted more than
 * FILES_PURGE_AFTER_DAYS ago leave the store (local or S3) and the table. Started by the server process (not
 * by buildApp, so tests run it by hand). One run at a time; a failed run is logged and the next one tries
 * again; several instances may run it, as a purge done twice removes and audits once.
 */
export function startFilesPurge(
  config: Pick<AppConfig, 'files'>,
  db: Db,
  storage: FileStorage,
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
  options: { everyMs?: number; batch?: number } = {},
): FilesPurge {
  const files = createFilesService({ db, now: () => new Date(), storage, maxBytes: config.files.maxBytes });
  const batch = options.batch ?? PURGE_BATCH;
  let stopped = false;
  let running: Promise<void> | undefined;
  const work = async () => {
    let purged = 0;
    for (;;) {
      const step = await files.purgeDeleted(config.files.purgeAfterDays, batch);
      purged += step.purged;
      if (!step.more || stopped) break;
    }
    if (purged > 0) log.info({ job: 'files.purge', purged }, 'deleted files purged');
  };
  const run = () => {
    if (stopped || running) return;
    running = work()
      .catch((error: unknown) => log.error({ err: error, job: 'files.purge' }, 'files purge failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, options.everyMs ?? PURGE_EVERY_MS);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
