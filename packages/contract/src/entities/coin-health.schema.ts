import { z } from 'zod';
import { pageMetaSchema } from '../calls/define';
import { decimalString, isoDate } from '../common/envelope.schema';
import { INTEGRATION_MODES } from './pools.schema';

/**
 * Coin Health (SPEC §2.1 `coin-health`, `coin-health/{id}`; ADR 0017): each coin's node and hot wallet as
 * the probe last read them, judged red / amber / green against the coin's thresholds, with the reason in words.
 */

/** Worst first: the list's default order and the order of the reasons. */
export const COIN_HEALTH_STATUSES = ['red', 'amber', 'green'] as const;
export type CoinHealthStatus = (typeof COIN_HEALTH_STATUSES)[number];

/** Amounts of a hot wallet carry at most 8 decimals (the coins' common precision). */
export const COIN_AMOUNT_DECIMALS = 8;
export const coinAmount = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .trim()
    .regex(/^\d{1,20}(\.\d{1,8})?$/, `${label} must be an amount with at most 8 decimals, e.g. 0.5`);

/** What an administrator sets per coin; the probe's findings are judged against it. */
export const coinHealthThresholdsSchema = z.object({
  /** Blocks the node may lag the reference before the coin turns red (amber from half of it). */
  MaxLagBlocks: z.number().int(),
  /** Confirmations a deposit needs before it counts as paid (the confirmations policy). */
  Confirmations: z.number().int(),
  /** Minutes without a new block before the coin turns amber. */
  MaxBlockAgeMinutes: z.number().int(),
  /** Below it payouts may fail: red. */
  HotWalletMin: decimalString,
  /** Above it the surplus belongs in cold storage: amber. */
  HotWalletMax: decimalString,
  UpdatedOn: isoDate.nullable(),
  UpdatedBy: z.string().nullable(),
});
export type CoinHealthThresholds = z.infer<typeof coinHealthThresholdsSchema>;

export const coinHealthRowSchema = z.object({
  AltCoinID: z.number().int(),
  Name: z.string(),
  ShortName: z.string(),
  LongName: z.string(),
  IsOnline: z.boolean(),
  Status: z.enum(COIN_HEALTH_STATUSES),
  /** The worst reason first; never empty. */
  Reasons: z.array(z.string()).min(1),
  /** Null until the first probe. */
  SampledOn: isoDate.nullable(),
  Reachable: z.boolean().nullable(),
  NodeHeight: z.number().int().nullable(),
  ReferenceHeight: z.number().int().nullable(),
  /** Reference height − node height. */
  Lag: z.number().int().nullable(),
  LastBlockOn: isoDate.nullable(),
  /** Seconds since the node's last block, at answer time. */
  BlockAgeSeconds: z.number().int().nullable(),
  HotWallet: decimalString.nullable(),
  PendingDeposits: z.number().int().nullable(),
  PendingWithdrawals: z.number().int().nullable(),
  Thresholds: coinHealthThresholdsSchema,
});
export type CoinHealthRow = z.infer<typeof coinHealthRowSchema>;

export const COIN_HEALTH_SORT_COLUMNS = [
  'Status',
  'Name',
  'Lag',
  'BlockAge',
  'HotWallet',
  'Pending',
] as const;
export const COIN_HEALTH_PAGE_SIZE = 50;
export const COIN_HEALTH_ONLINE = ['all', 'online', 'offline'] as const;

export const coinHealthListSchema = z.object({
  Summary: z.object({
    Mode: z.enum(INTEGRATION_MODES),
    ProbeIntervalSeconds: z.number(),
    /** The newest sample of any coin, or null before the first probe. */
    LastProbeOn: isoDate.nullable(),
    Counts: z.object({ red: z.number().int(), amber: z.number().int(), green: z.number().int() }),
  }),
  records: z.array(coinHealthRowSchema),
  meta: pageMetaSchema,
});
export type CoinHealthList = z.infer<typeof coinHealthListSchema>;

/** The detail's history windows: hours, and the bucket each point of the chart stands for. */
export const COIN_HEALTH_WINDOWS = { '24h': 24, '7d': 168, '30d': 720 } as const;
export type CoinHealthWindow = keyof typeof COIN_HEALTH_WINDOWS;
export const COIN_HEALTH_WINDOW_NAMES = Object.keys(COIN_HEALTH_WINDOWS) as [
  CoinHealthWindow,
  ...CoinHealthWindow[],
];

/** One point of the history chart: the worst of the samples in its bucket. */
export const coinHealthPointSchema = z.object({
  At: isoDate,
  NodeHeight: z.number().int(),
  ReferenceHeight: z.number().int(),
  MaxLag: z.number().int(),
  HotWallet: decimalString,
  Pending: z.number().int(),
  Status: z.enum(COIN_HEALTH_STATUSES),
});
export type CoinHealthPoint = z.infer<typeof coinHealthPointSchema>;

export const coinHealthSampleSchema = z.object({
  ID: z.number().int(),
  SampledOn: isoDate,
  Reachable: z.boolean(),
  NodeHeight: z.number().int(),
  ReferenceHeight: z.number().int(),
  Lag: z.number().int(),
  LastBlockOn: isoDate,
  HotWallet: decimalString,
  PendingDeposits: z.number().int(),
  PendingWithdrawals: z.number().int(),
  /** As judged when it was taken, with the thresholds of that moment. */
  Status: z.enum(COIN_HEALTH_STATUSES),
  Reason: z.string(),
});
export type CoinHealthSample = z.infer<typeof coinHealthSampleSchema>;

/** An xChange transaction of this coin seen against the node (the detail's `?q=xChange&id=`). */
export const coinHealthXChangeSchema = z.object({
  XChangeID: z.number().int(),
  Prefix: z.enum(['T', 'P']),
  TransactionID: z.number().int(),
  Status: z.string(),
  Amount: decimalString,
  Coin: z.string(),
  AltCoinID: z.number().int(),
  CreatedOn: isoDate,
  ConfirmedOn: isoDate.nullable(),
  /** The block it was counted in (the reference height when it was confirmed), or null while unconfirmed. */
  Block: z.number().int().nullable(),
  /** The node's height now − Block + 1; 0 while unconfirmed. */
  Confirmations: z.number().int(),
  /** The coin's policy now. */
  Required: z.number().int(),
  /** The sample nearest its creation: where the node was then. */
  NodeThen: coinHealthSampleSchema.nullable(),
  /** What staff should read from it, in words. */
  Verdict: z.string(),
});
export type CoinHealthXChange = z.infer<typeof coinHealthXChangeSchema>;

export const coinHealthDetailSchema = z.object({
  Mode: z.enum(INTEGRATION_MODES),
  Coin: coinHealthRowSchema,
  Window: z.enum(COIN_HEALTH_WINDOW_NAMES),
  History: z.array(coinHealthPointSchema),
  /** The newest samples, newest first. */
  Samples: z.array(coinHealthSampleSchema),
  /** Null without `xchange`; a message when that xChange id is not found for this coin. */
  XChange: coinHealthXChangeSchema.nullable(),
  XChangeMissing: z.string().nullable(),
});
export type CoinHealthDetail = z.infer<typeof coinHealthDetailSchema>;
export const COIN_HEALTH_SAMPLES_SHOWN = 20;

// ---------- AltCoin Stats ----------

export const ALTCOIN_STATS_PERIODS = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type AltCoinStatsPeriod = keyof typeof ALTCOIN_STATS_PERIODS;
export const ALTCOIN_STATS_PERIOD_NAMES = Object.keys(ALTCOIN_STATS_PERIODS) as [
  AltCoinStatsPeriod,
  ...AltCoinStatsPeriod[],
];
export const ALTCOIN_STATS_SORT_COLUMNS = [
  'VolumeEur',
  'Coin',
  'Incoming',
  'PaidPct',
  'ExpiredPct',
  'UnderpaidPct',
  'Volume',
  'AvgConfirm',
  'Payouts',
  'Failures',
  'HotWallet',
] as const;

export const altCoinStatsRowSchema = z.object({
  AltCoinID: z.number().int(),
  Name: z.string(),
  ShortName: z.string(),
  IsOnline: z.boolean(),
  VFiat: z.number().int(),
  Incoming: z.number().int(),
  Paid: z.number().int(),
  Expired: z.number().int(),
  Underpaid: z.number().int(),
  /** Of incoming payments that ended (paid, underpaid, expired); null with none. One decimal. */
  PaidPct: z.number().nullable(),
  ExpiredPct: z.number().nullable(),
  UnderpaidPct: z.number().nullable(),
  /** Coin amount received, 8 decimals. */
  Volume: decimalString,
  /** Euro value at creation, 2 decimals. */
  VolumeEur: decimalString,
  AvgConfirmSeconds: z.number().int().nullable(),
  Payouts: z.object({ Count: z.number().int(), Volume: decimalString }),
  /** Failure causes recorded for the coin in the period. */
  Failures: z.number().int(),
  /** From Coin Health, or null for coins without a node. */
  HotWallet: z
    .object({
      Balance: decimalString,
      Status: z.enum(COIN_HEALTH_STATUSES),
      Min: decimalString,
      Max: decimalString,
    })
    .nullable(),
  /** Incoming payments per day of the period, oldest first (the sparkline). */
  Spark: z.array(z.number().int()),
  /** Today's anomaly, if any (also listed in the answer's Anomalies). */
  Anomaly: z.string().nullable(),
});
export type AltCoinStatsRow = z.infer<typeof altCoinStatsRowSchema>;

export const altCoinAnomalySchema = z.object({
  AltCoinID: z.number().int(),
  Name: z.string(),
  Kind: z.enum(['expired-rate', 'confirm-time']),
  Message: z.string(),
});
export type AltCoinAnomaly = z.infer<typeof altCoinAnomalySchema>;

export const altCoinStatsSchema = z.object({
  Period: z.enum(ALTCOIN_STATS_PERIOD_NAMES),
  /** First and last day (UTC) the figures cover; the last is today, counted so far. */
  FromDay: z.string(),
  ToDay: z.string(),
  /** When today's partial row was last brought up to date. */
  LiveAsOf: isoDate.nullable(),
  Anomalies: z.array(altCoinAnomalySchema),
  records: z.array(altCoinStatsRowSchema),
  meta: pageMetaSchema,
});
export type AltCoinStats = z.infer<typeof altCoinStatsSchema>;

export const altCoinDaySchema = z.object({
  Day: z.string(),
  Incoming: z.number().int(),
  Paid: z.number().int(),
  Expired: z.number().int(),
  Underpaid: z.number().int(),
  Volume: decimalString,
  VolumeEur: decimalString,
  AvgConfirmSeconds: z.number().int().nullable(),
  P95ConfirmSeconds: z.number().int().nullable(),
  Payouts: z.number().int(),
  PayoutVolume: decimalString,
  Failures: z.number().int(),
});
export type AltCoinDay = z.infer<typeof altCoinDaySchema>;

export const ALTCOIN_DAYS_MAX = 90;
export const altCoinDailySchema = z.object({
  AltCoinID: z.number().int(),
  Name: z.string(),
  ShortName: z.string(),
  VFiat: z.number().int(),
  Days: z.array(altCoinDaySchema),
});
export type AltCoinDaily = z.infer<typeof altCoinDailySchema>;

/** The sandbox's control (INTEGRATIONS_MODE=fake only, on the platform feed's token): a node stalls or resumes. */
export const sandboxNodeStallSchema = z.object({
  /** Blocks it drops behind at once (it then stays at that height while the chain goes on). */
  behind: z.number().int().min(0).max(100_000).default(0),
});
export const NODES_SANDBOX_PATH = '/sandbox/nodes';
