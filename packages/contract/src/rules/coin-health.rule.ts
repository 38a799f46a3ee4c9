import {
  COIN_AMOUNT_DECIMALS,
  COIN_HEALTH_STATUSES,
  type CoinHealthStatus,
} from '../entities/coin-health.schema';
import { decimalToUnits, shortAmount } from './pool-sweep.rule';

/** What the probe read from a coin's node and hot wallet. */
export interface CoinNodeSample {
  sampledAt: Date;
  reachable: boolean;
  nodeHeight: number;
  referenceHeight: number;
  lastBlockAt: Date;
  /** Decimal, up to 8 places. */
  hotWallet: string;
  pendingDeposits: number;
  pendingWithdrawals: number;
}

export interface CoinHealthLimits {
  maxLagBlocks: number;
  maxBlockAgeMinutes: number;
  hotWalletMin: string;
  hotWalletMax: string;
}

export interface CoinHealthVerdict {
  status: CoinHealthStatus;
  /** Worst first; never empty. */
  reasons: string[];
}

const rank = (status: CoinHealthStatus) => COIN_HEALTH_STATUSES.indexOf(status);
/** Red 0, amber 1, green 2: sorting by it puts the worst first. */
export const coinHealthRank = rank;

const units = (value: string) => decimalToUnits(value, COIN_AMOUNT_DECIMALS);
/** '1,234.5 BTC': grouped whole part, trailing zeros dropped. */
const amount = (value: bigint, coin: string) => {
  const [whole = '0', fraction] = shortAmount(value, COIN_AMOUNT_DECIMALS, 0, 8).split('.');
  return `${BigInt(whole).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} ${coin}`;
};
const count = (n: number) => n.toLocaleString('en-US');

const minutesText = (minutes: number) =>
  minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

/**
 * A probe older than this is not news any more: three probe intervals, at least five minutes, so one slow
 * probe does not turn the screen amber.
 */
export const staleAfterMs = (probeIntervalMs: number): number => Math.max(3 * probeIntervalMs, 5 * 60_000);

/**
 * The coin's colour and why (ADR 0017). Red: the node does not answer, lags the reference by more than the
 * limit, or the hot wallet is below its minimum (payouts may fail). Amber: the lag passed half the limit,
 * no block for longer than allowed, the hot wallet above its maximum, or no recent probe. Green otherwise.
 */
export function judgeCoinHealth(
  sample: CoinNodeSample | null,
  limits: CoinHealthLimits,
  context: { now: Date; probeIntervalMs: number; coin: string },
): CoinHealthVerdict {
  if (sample === null) return { status: 'amber', reasons: ['Not probed yet'] };
  const found: Array<{ status: CoinHealthStatus; text: string }> = [];
  const ageMs = context.now.getTime() - sample.sampledAt.getTime();
  if (ageMs > staleAfterMs(context.probeIntervalMs))
    found.push({
      status: 'amber',
      text: `Last probe ${minutesText(Math.floor(ageMs / 60_000))} ago: the figures may be out of date`,
    });
  if (!sample.reachable) {
    found.push({ status: 'red', text: 'Node not answering' });
  } else {
    const lag = sample.referenceHeight - sample.nodeHeight;
    const blocks = (n: number) => `${count(n)} block${n === 1 ? '' : 's'}`;
    if (lag > limits.maxLagBlocks)
      found.push({
        status: 'red',
        text: `Node ${blocks(lag)} behind the reference (limit ${limits.maxLagBlocks})`,
      });
    else if (lag > 0 && lag * 2 > limits.maxLagBlocks)
      found.push({
        status: 'amber',
        text: `Node ${blocks(lag)} behind the reference (limit ${limits.maxLagBlocks})`,
      });
    const blockAgeMinutes = Math.floor((context.now.getTime() - sample.lastBlockAt.getTime()) / 60_000);
    if (blockAgeMinutes > limits.maxBlockAgeMinutes)
      found.push({
        status: 'amber',
        text: `No new block for ${minutesText(blockAgeMinutes)} (expected within ${limits.maxBlockAgeMinutes} min)`,
      });
  }
  const hot = units(sample.hotWallet);
  const min = units(limits.hotWalletMin);
  const max = units(limits.hotWalletMax);
  if (hot < min)
    found.push({
      status: 'red',
      text: `Hot wallet ${amount(hot, context.coin)} below the minimum ${amount(min, context.coin)}: payouts may fail`,
    });
  else if (hot > max)
    found.push({
      status: 'amber',
      text: `Hot wallet ${amount(hot, context.coin)} above the maximum ${amount(max, context.coin)}: move the surplus to cold storage`,
    });
  if (found.length === 0)
    return {
      status: 'green',
      reasons: [`In sync at block ${count(sample.nodeHeight)}; hot wallet within limits`],
    };
  found.sort((a, b) => rank(a.status) - rank(b.status));
  return { status: found[0]?.status ?? 'green', reasons: found.map((f) => f.text) };
}
