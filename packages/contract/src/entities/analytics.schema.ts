import { z } from 'zod';
import { decimalString } from '../common/envelope.schema';

/** Infolytics' default range: the last 30 UTC days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range Infolytics and Charts read (a leap year): the previous period doubles what is read. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_GROUPS = ['coin', 'provider', 'merchant'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];
export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];
export const ANALYTICS_SORT_COLUMNS = [
  'VolumeEur',
  'RevenueEur',
  'Transactions',
  'PaidRatio',
  'Name',
] as const;
export const ANALYTICS_PAGE_SIZE = 15;
/** Charts' top-coins share: this many coins by paid volume, the rest summed as 'Other'. */
export const ANALYTICS_TOP_COINS = 5;
/** The group of transactions that came without an external provider (paid on-chain). */
export const ANALYTICS_NO_PROVIDER = 'On-chain (no provider)';
export const ANALYTICS_MESSAGES = {
  tooLong: `The range must be at most ${ANALYTICS_MAX_DAYS} days`,
  rebuildTooLong: `A rebuild covers at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

/**
 * The figures of a period (ADR 0020). Transactions and paid are payments (prefix T); paid means paid or
 * underpaid, as the dashboard's 24H box counts it; volume is the EUR value of the paid payments; revenue is
 * every EUR the platform earned on the period's payments and payouts. Ratio in percent, null without payments.
 */
export const analyticsFiguresSchema = z.object({
  Transactions: z.number().int(),
  Paid: z.number().int(),
  PaidRatio: z.number().nullable(),
  VolumeEur: decimalString,
  RevenueEur: decimalString,
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** A change against the previous period in percent; null when the previous period had nothing to compare. */
const change = z.number().nullable();

export const analyticsSummarySchema = z.object({
  From: z.string(),
  To: z.string(),
  PreviousFrom: z.string(),
  PreviousTo: z.string(),
  Current: analyticsFiguresSchema,
  Previous: analyticsFiguresSchema,
  /** Percent change of each figure; the paid ratio's change is in percentage points. */
  Change: z.object({
    Transactions: change,
    PaidRatio: change,
    VolumeEur: change,
    RevenueEur: change,
  }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** One coin, provider or merchant of the breakdown, flat so the CSV export takes its fields as columns. */
export const analyticsBreakdownRowSchema = z.object({
  /** The coin's or merchant's id, or the provider's name. */
  Key: z.string(),
  Name: z.string(),
  Transactions: z.number().int(),
  PrevTransactions: z.number().int(),
  TransactionsChange: change,
  Paid: z.number().int(),
  PaidRatio: z.number().nullable(),
  PrevPaidRatio: z.number().nullable(),
  VolumeEur: decimalString,
  PrevVolumeEur: decimalString,
  VolumeChange: change,
  RevenueEur: decimalString,
  PrevRevenueEur: decimalString,
  RevenueChange: change,
});
export type AnalyticsBreakdownRow = z.infer<typeof analyticsBreakdownRowSchema>;

export const analyticsPointSchema = z.object({
  /** The first day of the point's day, ISO week (Monday) or month, clipped to the range. */
  Period: z.string(),
  Transactions: z.number().int(),
  Paid: z.number().int(),
  Unpaid: z.number().int(),
  VolumeEur: decimalString,
  RevenueEur: decimalString,
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsSeriesSchema = z.object({
  From: z.string(),
  To: z.string(),
  Granularity: z.enum(ANALYTICS_GRANULARITIES),
  Points: z.array(analyticsPointSchema),
  /** The top coins by paid volume with their share in percent, then 'Other' (AltCoinID null) when any is left. */
  TopCoins: z.array(
    z.object({
      AltCoinID: z.number().int().nullable(),
      Name: z.string(),
      VolumeEur: decimalString,
      Share: z.number(),
    }),
  ),
});
export type AnalyticsSeries = z.infer<typeof analyticsSeriesSchema>;

export const analyticsRebuildSchema = z.object({
  From: z.string(),
  To: z.string(),
  /** Rows written into the three roll-ups for the range. */
  Rows: z.number().int(),
});

/** Percent change from `previous` to `current`, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
