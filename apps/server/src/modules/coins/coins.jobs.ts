import type { AppConfig } from '../../config/config';
import type { Coins } from './coins.module';

export interface JobLogger {
  error(obj: unknown, msg?: string): void;
}

export interface CoinJobs {
  stop(): Promise<void>;
}

/** Samples are pruned about once an hour. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The server's interval jobs of ADR 0017: the probe (every COIN_HEALTH_PROBE_MS, one sample per coin) and
 * `stats.altcoin.daily` (today's live row every COIN_STATS_REFRESH_MS, yesterday closed after 00:05 UTC).
 * One run at a time each; a failed run is logged and the next one tries again.
 */
export function startCoinJobs(coins: Coins, config: Pick<AppConfig, 'coins'>, log: JobLogger): CoinJobs {
  let stopped = false;
  const running = new Set<Promise<void>>();
  let lastPrune = 0;
  const every = (name: string, ms: number, work: () => Promise<void>) => {
    let busy = false;
    const run = () => {
      if (stopped || busy) return;
      busy = true;
      const p = work()
        .catch((error: unknown) => log.error({ err: error, job: name }, 'coin job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    const timer = setInterval(run, ms);
    timer.unref();
    run();
    return timer;
  };
  const timers = [
    every('coin-health.probe', config.coins.probeIntervalMs, async () => {
      await coins.coinHealth.probe();
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await coins.coinHealth.prune();
      }
    }),
    every('stats.altcoin.daily', config.coins.statsRefreshMs, () => coins.coinStats.refresh()),
  ];
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all([...running]);
    },
  };
}
