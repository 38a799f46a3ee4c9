import { z } from 'zod';
import { dayParam as day } from '../../common/params.schema';
import {
  ANALYTICS_GRANULARITIES,
  ANALYTICS_GROUPS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_PAGE_SIZE,
  ANALYTICS_SORT_COLUMNS,
  analyticsBreakdownRowSchema,
  analyticsRebuildSchema,
  analyticsSeriesSchema,
  analyticsSummarySchema,
} from '../../entities/analytics.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included. */
export const analyticsDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * A range of whole UTC days; either side may be left out (the server fills the last 30 days up to today).
 * Whether To is after today is the server's check: only it knows today.
 */
const range = {
  from: day('The From date').optional(),
  to: day('The To date').optional(),
};
type Range = { from?: string | undefined; to?: string | undefined };
const ordered = (p: Range) => !p.from || !p.to || p.from <= p.to;
const notTooLong = (p: Range) =>
  !p.from || !p.to || p.from > p.to || analyticsDays(p.from, p.to) <= ANALYTICS_MAX_DAYS;
const rangeRules = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine(ordered, { message: DATE_RANGE_MESSAGES.fromAfterTo, path: ['from'] })
    .refine(notTooLong, { message: ANALYTICS_MESSAGES.tooLong, path: ['from'] });

export const analyticsSummaryParamsSchema = rangeRules(z.object(range));

export const analyticsBreakdownParamsSchema = rangeRules(
  z.object({
    ...range,
    groupBy: z.enum(ANALYTICS_GROUPS, `Group by one of ${ANALYTICS_GROUPS.join(', ')}`).default('coin'),
    ...pageParams(ANALYTICS_SORT_COLUMNS, { pageSize: ANALYTICS_PAGE_SIZE }),
  }),
);
export type AnalyticsBreakdownParams = z.input<typeof analyticsBreakdownParamsSchema>;

export const analyticsSeriesParamsSchema = rangeRules(
  z.object({
    ...range,
    granularity: z
      .enum(ANALYTICS_GRANULARITIES, `The granularity must be one of ${ANALYTICS_GRANULARITIES.join(', ')}`)
      .default('day'),
  }),
);

/**
 * Infolytics and Charts (SPEC §2.1 `analytics`, `charts`, admin-commander; ADR 0020): figures over a range
 * of UTC days read from the daily roll-ups the database keeps as transactions are written, never the
 * transactions table per request.
 */
export const ANALYTICS_CALLS = adminCalls({
  /** The range's figures, the previous period's of equal length, and the change of each. */
  AnalyticsSummary: get('admin-commander', analyticsSummaryParamsSchema, analyticsSummarySchema),
  /** The range per coin, provider or merchant with the previous period beside it; sorted, paged, exportable. */
  AnalyticsBreakdown: list(
    'admin-commander',
    analyticsBreakdownParamsSchema,
    pageOf(analyticsBreakdownRowSchema),
  ),
  /** The range as a time series per day, week or month, and the top coins' share of the paid volume. */
  AnalyticsSeries: get('admin-commander', analyticsSeriesParamsSchema, analyticsSeriesSchema),
  /**
   * Recomputes the roll-ups of a range from the transactions (after a bulk load that bypassed the triggers);
   * audited. Answers how many roll-up rows the range now has.
   */
  RebuildAnalytics: post(
    'admin-commander',
    z
      .object({ from: day('The From date'), to: day('The To date') })
      .refine(ordered, { message: DATE_RANGE_MESSAGES.fromAfterTo, path: ['from'] })
      .refine(notTooLong, { message: ANALYTICS_MESSAGES.rebuildTooLong, path: ['from'] }),
    analyticsRebuildSchema,
  ),
});
