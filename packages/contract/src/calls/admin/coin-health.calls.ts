import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import {
  ALTCOIN_DAYS_MAX,
  ALTCOIN_STATS_PERIOD_NAMES,
  ALTCOIN_STATS_SORT_COLUMNS,
  altCoinDailySchema,
  altCoinStatsSchema,
  COIN_HEALTH_ONLINE,
  COIN_HEALTH_PAGE_SIZE,
  COIN_HEALTH_SORT_COLUMNS,
  COIN_HEALTH_STATUSES,
  COIN_HEALTH_WINDOW_NAMES,
  coinAmount,
  coinHealthDetailSchema,
  coinHealthListSchema,
  coinHealthThresholdsSchema,
} from '../../entities/coin-health.schema';
import { adminCalls, get, pageParams, post } from '../define';

const coinId = idParam('The coin id');
const online = z
  .enum(COIN_HEALTH_ONLINE, `Online must be one of ${COIN_HEALTH_ONLINE.join(', ')}`)
  .default('all');
const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** The thresholds an administrator sets for a coin; the maximum may not be below the minimum. */
export const coinHealthThresholdsParams = z
  .object({
    ID: coinId,
    MaxLagBlocks: whole('The lag limit', 1, 100_000),
    Confirmations: whole('The confirmations', 0, 10_000),
    MaxBlockAgeMinutes: whole('The block age limit', 1, 10_080),
    HotWalletMin: coinAmount('The hot-wallet minimum'),
    HotWalletMax: coinAmount('The hot-wallet maximum'),
  })
  .refine((p) => Number(p.HotWalletMax) >= Number(p.HotWalletMin), {
    message: 'The hot-wallet maximum must not be below the minimum',
    path: ['HotWalletMax'],
  });

/**
 * Coin Health and AltCoin Stats (SPEC §2.1 `coin-health`, `coin-health/{id}`, `altcoin-stats`),
 * admin-commander, ADR 0017: the coins' nodes and hot wallets as the probe reads them, and the coins'
 * daily business figures from `coin_stats_daily` (never the transactions table per request).
 */
export const COIN_HEALTH_CALLS = adminCalls({
  /** Every coin with a node, judged now against its thresholds; worst first by default. */
  CoinHealth: get(
    'admin-commander',
    z.object({
      status: z
        .enum(COIN_HEALTH_STATUSES, `The status must be one of ${COIN_HEALTH_STATUSES.join(', ')}`)
        .optional(),
      online,
      q: z
        .string({ error: 'The search must be text' })
        .trim()
        .max(40, 'The search must be at most 40 characters')
        .default(''),
      ...pageParams(COIN_HEALTH_SORT_COLUMNS, { pageSize: COIN_HEALTH_PAGE_SIZE }),
    }),
    coinHealthListSchema,
  ),
  /** One coin now, its history over a window and its newest samples; with `xchange`, that transaction in context. */
  CoinHealthDetail: get(
    'admin-commander',
    z.object({
      ID: coinId,
      window: z
        .enum(COIN_HEALTH_WINDOW_NAMES, `The window must be one of ${COIN_HEALTH_WINDOW_NAMES.join(', ')}`)
        .default('24h'),
      xchange: idParam('The xChange id').optional(),
    }),
    coinHealthDetailSchema,
  ),
  /** Sets a coin's thresholds (audited); the answer is the coin judged against them. */
  UpdateCoinHealthThresholds: post('admin-commander', coinHealthThresholdsParams, coinHealthThresholdsSchema),
  /** Per coin figures over the period, from the daily table plus today's live row, with today's anomalies. */
  AltCoinStats: get(
    'admin-commander',
    z.object({
      period: z
        .enum(
          ALTCOIN_STATS_PERIOD_NAMES,
          `The period must be one of ${ALTCOIN_STATS_PERIOD_NAMES.join(', ')}`,
        )
        .default('7d'),
      online,
      ...pageParams(ALTCOIN_STATS_SORT_COLUMNS, { pageSize: 100 }),
    }),
    altCoinStatsSchema,
  ),
  /** One coin's days (the drawer's charts), oldest first. */
  AltCoinDaily: get(
    'admin-commander',
    z.object({ ID: coinId, days: whole('The days', 1, ALTCOIN_DAYS_MAX).default(30) }),
    altCoinDailySchema,
  ),
});
