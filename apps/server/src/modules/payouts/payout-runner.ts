import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { PayoutRail } from './payout-rail';
import { createPayoutService } from './payouts.service';

/** How long an approved payout stays Approved before the runner sends it: staff see the step. */
export const SEND_AFTER_MS = 3_000;
const BATCH = 50;

export interface PayoutRunner {
  stop(): Promise<void>;
}

/**
 * The payout rail's runner (ADR 0016): every PAYOUT_RUNNER_INTERVAL_MS it sends approved payouts and asks
 * the rail how sent ones ended. Started by the server process (not by buildApp, so tests step it by hand);
 * several instances may run it, since each move is conditional.
 */
export function startPayoutRunner(
  config: Pick<AppConfig, 'payouts'>,
  db: Db,
  rail: PayoutRail,
  log: { warn(obj: unknown, msg?: string): void },
): PayoutRunner | undefined {
  if (config.payouts.runnerIntervalMs === 0) return undefined;
  const service = createPayoutService({
    db,
    now: () => new Date(),
    rail,
    fourEyesEur: config.payouts.fourEyesEur,
  });
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = service
        .runRail({ sendAfterMs: SEND_AFTER_MS, limit: BATCH })
        .catch((error: unknown) => log.warn({ err: error }, 'payout runner step failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, config.payouts.runnerIntervalMs);
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
