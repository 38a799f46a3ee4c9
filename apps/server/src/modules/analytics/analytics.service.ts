import {
  type ADMIN_CALLS,
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_NO_PROVIDER,
  ANALYTICS_TOP_COINS,
  type AnalyticsBreakdownRow,
  type AnalyticsFigures,
  type AnalyticsGranularity,
  type AnalyticsPoint,
  type AnalyticsSeries,
  type AnalyticsSummary,
  analyticsDays,
  DATE_RANGE_MESSAGES,
  type Page,
  percentChange,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import {
  breakdown,
  coinVolumes,
  type DayRange,
  type GroupFigures,
  rebuild,
  series,
  totals,
} from './analytics.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const DAY_MS = 86_400_000;
export const AUDIT_ENTITY = 'analytics';
const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/**
 * The range asked for, with the contract's defaults filled: To is today, From the 30th day back from To.
 * To after today is refused here (the schema cannot know today); the rest the schema has checked.
 */
export function rangeOf(
  params: { from?: string | undefined; to?: string | undefined },
  today: string,
  tooLong: string = ANALYTICS_MESSAGES.tooLong,
): DayRange {
  const to = params.to ?? today;
  if (to > today)
    throw badRequest(DATE_RANGE_MESSAGES.toAfterToday, {
      issues: [{ path: 'to', message: DATE_RANGE_MESSAGES.toAfterToday }],
    });
  const from = params.from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
  if (from > to)
    throw badRequest(DATE_RANGE_MESSAGES.fromAfterTo, {
      issues: [{ path: 'from', message: DATE_RANGE_MESSAGES.fromAfterTo }],
    });
  // The schema caps a range only when both ends are given; From alone runs to today, however long ago.
  if (analyticsDays(from, to) > ANALYTICS_MAX_DAYS)
    throw badRequest(tooLong, { issues: [{ path: 'from', message: tooLong }] });
  return { from, to };
}

/** The period of equal length that ends the day before the range starts. */
export const previousOf = (range: DayRange): DayRange => {
  const days = analyticsDays(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
};

/** Paid share of the payments in percent with one decimal; null without payments. */
const ratio = (paid: number, n: number): number | null =>
  n === 0 ? null : Math.round((paid * 1000) / n) / 10;
const change = (current: string | number, previous: string | number) =>
  percentChange(Number(current), Number(previous));
/** The paid ratio's change in percentage points (a change of a percentage in percent would mislead). */
const pointsChange = (current: number | null, previous: number | null) =>
  current === null || previous === null ? null : Math.round((current - previous) * 10) / 10;

const figures = (n: number, paid: number, volume: string, revenue: string): AnalyticsFigures => ({
  Transactions: n,
  Paid: paid,
  PaidRatio: ratio(paid, n),
  VolumeEur: volume,
  RevenueEur: revenue,
});

function rowOf(group: Params<'AnalyticsBreakdown'>['groupBy'], f: GroupFigures): AnalyticsBreakdownRow {
  const name =
    group === 'provider'
      ? f.key === ''
        ? ANALYTICS_NO_PROVIDER
        : f.key
      : (f.name ?? `${group === 'coin' ? 'Coin' : 'Merchant'} ${f.key}`);
  return {
    Key: f.key,
    Name: name,
    Transactions: f.n,
    PrevTransactions: f.prevN,
    TransactionsChange: change(f.n, f.prevN),
    Paid: f.paid,
    PaidRatio: ratio(f.paid, f.n),
    PrevPaidRatio: ratio(f.prevPaid, f.prevN),
    VolumeEur: f.volume,
    PrevVolumeEur: f.prevVolume,
    VolumeChange: change(f.volume, f.prevVolume),
    RevenueEur: f.revenue,
    PrevRevenueEur: f.prevRevenue,
    RevenueChange: change(f.revenue, f.prevRevenue),
  };
}

/** The first day of each bucket of the range, in order: every day, each ISO week's Monday or month's 1st. */
export function periodsOf(range: DayRange, granularity: AnalyticsGranularity): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const at = new Date(`${day}T00:00:00Z`);
    const starts =
      granularity === 'day' ||
      day === range.from ||
      (granularity === 'week' ? at.getUTCDay() === 1 : at.getUTCDate() === 1);
    if (starts) out.push(day);
  }
  return out;
}

/** Sums decimal strings of 2 places exactly (in cents as bigint): no float touches money. */
const sumCents = (values: readonly string[]): bigint =>
  values.reduce((sum, v) => {
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.');
    const cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
    return sum + (v.startsWith('-') ? -cents : cents);
  }, 0n);
const centsText = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export function createAnalyticsService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const today = () => dayOf(deps.now());
  return {
    async summary(params: Params<'AnalyticsSummary'>): Promise<AnalyticsSummary> {
      const range = rangeOf(params, today());
      const previous = previousOf(range);
      const t = await totals(db, range, previous.from);
      const current = figures(t.n, t.paid, t.volume, t.revenue);
      const before = figures(t.prevN, t.prevPaid, t.prevVolume, t.prevRevenue);
      return {
        From: range.from,
        To: range.to,
        PreviousFrom: previous.from,
        PreviousTo: previous.to,
        Current: current,
        Previous: before,
        Change: {
          Transactions: change(current.Transactions, before.Transactions),
          PaidRatio: pointsChange(current.PaidRatio, before.PaidRatio),
          VolumeEur: change(current.VolumeEur, before.VolumeEur),
          RevenueEur: change(current.RevenueEur, before.RevenueEur),
        },
      };
    },

    async breakdown(params: Params<'AnalyticsBreakdown'>): Promise<Page<AnalyticsBreakdownRow>> {
      const range = rangeOf(params, today());
      const previous = previousOf(range);
      const { rows, total } = await breakdown(db, {
        group: params.groupBy,
        range,
        previousFrom: previous.from,
        sort: params.sort,
        order: params.order,
        limit: params.limit,
        offset: pageOffset(params),
      });
      return pageAnswer(
        params,
        total,
        rows.map((r) => rowOf(params.groupBy, r)),
      );
    },

    async series(params: Params<'AnalyticsSeries'>): Promise<AnalyticsSeries> {
      const range = rangeOf(params, today());
      const [rows, coins] = await Promise.all([
        series(db, range, params.granularity),
        coinVolumes(db, range),
      ]);
      const byPeriod = new Map(rows.map((r) => [r.period, r]));
      // Every bucket of the range, a quiet one as zeros, so the charts' time axis has no holes.
      const points: AnalyticsPoint[] = periodsOf(range, params.granularity).map((period) => {
        const r = byPeriod.get(period);
        return {
          Period: period,
          Transactions: r?.n ?? 0,
          Paid: r?.paid ?? 0,
          Unpaid: (r?.n ?? 0) - (r?.paid ?? 0),
          VolumeEur: r?.volume ?? '0.00',
          RevenueEur: r?.revenue ?? '0.00',
        };
      });
      const all = sumCents(coins.map((c) => c.volume));
      const share = (cents: bigint) => (all === 0n ? 0 : Number((cents * 1000n) / all) / 10);
      const top: AnalyticsSeries['TopCoins'] = coins.slice(0, ANALYTICS_TOP_COINS).map((c) => ({
        AltCoinID: c.altCoinId,
        Name: c.name,
        VolumeEur: c.volume,
        Share: share(sumCents([c.volume])),
      }));
      const rest = sumCents(coins.slice(ANALYTICS_TOP_COINS).map((c) => c.volume));
      if (rest > 0n)
        top.push({ AltCoinID: null, Name: 'Other', VolumeEur: centsText(rest), Share: share(rest) });
      return {
        From: range.from,
        To: range.to,
        Granularity: params.granularity,
        Points: points,
        TopCoins: top,
      };
    },

    async rebuild(params: Params<'RebuildAnalytics'>, actor: Actor) {
      const range = rangeOf(params, today(), ANALYTICS_MESSAGES.rebuildTooLong);
      // Day by day, each in its own short transaction (rebuild), so payments wait at most one day's regrouping.
      const rows = await rebuild(db, range);
      await recordChange(db, actor, {
        action: 'analytics.rebuild',
        entity: AUDIT_ENTITY,
        id: `${range.from}..${range.to}`,
        after: { From: range.from, To: range.to, Rows: rows },
      });
      return { From: range.from, To: range.to, Rows: rows };
    },
  };
}
