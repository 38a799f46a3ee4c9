import type { AppConfig } from '../../config/config';
import type { MarketingService } from './marketing.service';

export interface MarketingRunner {
  stop(): Promise<void>;
}

/**
 * The campaign send's runner (ADR 0023): every MARKETING_RUNNER_INTERVAL_MS it sends up to the rate's share
 * of queued recipients. Started by the server process (not by buildApp, so tests step it by hand); a restart
 * resumes from the recipients' states, and several instances may run it (SKIP LOCKED claims).
 */
export function startMarketingRunner(
  config: Pick<AppConfig, 'marketing'>,
  service: Pick<MarketingService, 'runStep'>,
  log: { warn(obj: unknown, msg?: string): void },
): MarketingRunner | undefined {
  const { runnerIntervalMs, sendPerSecond } = config.marketing;
  if (runnerIntervalMs === 0) return undefined;
  // The rate limit: per step, the share of the per-second rate that the interval covers (at least one).
  const perStep = Math.max(1, Math.floor((sendPerSecond * runnerIntervalMs) / 1000));
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = service
        .runStep(perStep)
        .catch((error: unknown) => log.warn({ err: error }, 'marketing runner step failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, runnerIntervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
