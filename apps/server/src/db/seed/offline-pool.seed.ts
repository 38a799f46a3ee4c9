import { FAILURE_NEW_MAX_DAYS, type TransactionStatus } from '@bo/contract';
import type { FailureCauseRow } from './activity.seed';
import { demoCoin } from './catalog.seed';
import type { Random } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A transaction whose xChange conversion could not settle because its coin failed (ADR 0008). */
export interface StuckConversion {
  at: number;
  coinId: number;
  status: Extract<TransactionStatus, 'underpaid' | 'vtoken-active'>;
}

/**
 * The XChange Offline Pool of the demo: each failure still being looked at (new, i.e. at most 2 days old,
 * or pinned sticky) of a coin people pay with left 2 to 5 conversions open after it, created within a
 * day of the failure. Underpaid payments and active vTokens: states the demo platform never settles on
 * its own, so the pool stays until staff act. Delisted coins take no payments, so theirs stays empty.
 */
export function stuckConversions(
  rng: Random,
  failures: readonly FailureCauseRow[],
  now: Date,
): StuckConversion[] {
  const nowMs = now.getTime();
  const out: StuckConversion[] = [];
  for (const failure of failures) {
    const created = failure.createdOn.getTime();
    const isOpen = failure.sticky === 1 || nowMs - created <= FAILURE_NEW_MAX_DAYS * DAY;
    const coin = demoCoin(failure.altCoinId);
    if (!isOpen || !coin?.isOnline || coin.weight <= 0) continue;
    const span = Math.max(0, Math.min(DAY, nowMs - created - MINUTE));
    const count = rng.int(2, 5);
    for (let i = 0; i < count; i++) {
      out.push({
        at: created + rng.int(0, span),
        coinId: coin.id,
        status: rng.chance(0.7) ? 'underpaid' : 'vtoken-active',
      });
    }
  }
  return out;
}
