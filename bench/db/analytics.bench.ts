/**
 * Suite `analytics` (issue 16): Infolytics' and Charts' calls on PostgreSQL at 15,000 transactions a day,
 * budget 200 ms p95 each for a 60-day view (900,000 transactions in the range, as many again in its previous
 * period). The seed writes the transactions through the roll-up triggers of migration 0021, so the roll-ups
 * are what production would have. Server time: each call's service. Also checks the roll-ups against a count
 * of the transactions themselves. Makes its own scratch database and drops it (BENCH_KEEP=1 keeps it,
 * BENCH_REUSE=<name> measures a kept one again). BENCH_DAYS (default 120) sets the seeded history.
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { createAnalyticsService } from '../../apps/server/src/modules/analytics/analytics.service';
import { benchSettings, out, runSeededSuite } from '../lib/seeded-suite';
import type { Case } from './measure';

const DAYS = Number(process.env.BENCH_DAYS ?? 120);
const PER_DAY = benchSettings.perDay;
/** Issue 16's budget: a 60-day view at 15,000 transactions a day, p95. */
const BUDGET_MS = 200;

await runSeededSuite('analytics', DAYS, async ({ db, rows, measure }) => {
  await db.execute(sql`vacuum analyze analytics_merchant_days, analytics_coin_days, analytics_provider_days`);
  const [sizes] = await rows<{ merchant: number; coin: number; provider: number }>(sql`select
      (select count(*)::int from analytics_merchant_days) as merchant,
      (select count(*)::int from analytics_coin_days) as coin,
      (select count(*)::int from analytics_provider_days) as provider`);
  out(
    `Roll-up rows: ${sizes?.merchant.toLocaleString('en')} merchant, ${sizes?.coin.toLocaleString('en')} coin, ${sizes?.provider.toLocaleString('en')} provider`,
  );

  const service = createAnalyticsService({ db, now: () => new Date() });
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const last60 = { from: day(59), to: day(0) };

  // The roll-ups must say what the transactions say: one check at volume, not timed.
  const summary = await service.summary(ADMIN_CALLS.AnalyticsSummary.params.parse(last60));
  const [raw] = await rows<{ n: number; paid: number; volume: string; revenue: string }>(sql`
    select count(*) filter (where prefix = 'T')::int as n,
      count(*) filter (where prefix = 'T' and status in ('paid', 'underpaid'))::int as paid,
      round(coalesce(sum(volume_eur) filter (where prefix = 'T' and status in ('paid', 'underpaid')), 0), 2)::text as volume,
      round(sum(revenue_eur), 2)::text as revenue
    from transactions
    where created_on >= ${`${last60.from}T00:00:00Z`}::timestamptz`);
  const agrees =
    raw?.n === summary.Current.Transactions &&
    raw.paid === summary.Current.Paid &&
    raw.volume === summary.Current.VolumeEur &&
    raw.revenue === summary.Current.RevenueEur;
  out(
    `60 days: ${summary.Current.Transactions.toLocaleString('en')} payments, ${summary.Current.VolumeEur} EUR paid volume; a count of the transactions ${agrees ? 'agrees' : `DISAGREES (${JSON.stringify(raw)})`}`,
  );
  if (!agrees) process.exitCode = 1;

  const summaryOf = (query: Record<string, string>) => async () =>
    (await service.summary(ADMIN_CALLS.AnalyticsSummary.params.parse(query))).Current.Transactions > 0
      ? 1
      : 0;
  const breakdownOf = (query: Record<string, string>) => async () =>
    (await service.breakdown(ADMIN_CALLS.AnalyticsBreakdown.params.parse(query))).meta.total;
  const seriesOf = (query: Record<string, string>) => async () =>
    (await service.series(ADMIN_CALLS.AnalyticsSeries.params.parse(query))).Points.length;
  const year = { from: day(Math.min(DAYS, 366) - 1), to: day(0) };

  const cases: Case[] = [
    { name: 'analytics: summary, 60 days vs previous 60', run: summaryOf(last60) },
    { name: 'analytics: breakdown by coin, 60 days', run: breakdownOf({ ...last60, groupBy: 'coin' }) },
    {
      name: 'analytics: breakdown by provider, 60 days',
      run: breakdownOf({ ...last60, groupBy: 'provider' }),
    },
    {
      name: 'analytics: breakdown by merchant, 60 days',
      run: breakdownOf({ ...last60, groupBy: 'merchant' }),
    },
    {
      name: 'analytics: breakdown by merchant, 60 days, by name, page 5',
      run: breakdownOf({ ...last60, groupBy: 'merchant', sort: 'Name', order: 'asc', page: '5' }),
    },
    { name: 'analytics: series per day, 60 days', run: seriesOf(last60) },
    { name: 'analytics: series per week, 60 days', run: seriesOf({ ...last60, granularity: 'week' }) },
    { name: 'analytics: summary, 30 days (default)', run: summaryOf({}) },
    {
      name: `analytics: breakdown by merchant, ${Math.min(DAYS, 366)} days`,
      run: breakdownOf({ ...year, groupBy: 'merchant' }),
    },
    {
      name: `analytics: series per month, ${Math.min(DAYS, 366)} days`,
      run: seriesOf({ ...year, granularity: 'month' }),
    },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  await measure(
    cases,
    `${(DAYS * PER_DAY).toLocaleString('en')} transactions (${PER_DAY.toLocaleString('en')} a day), PostgreSQL`,
  );
  // A rebuild of one day (reported, no budget: a repair, not a screen).
  const began = performance.now();
  await service.rebuild(ADMIN_CALLS.RebuildAnalytics.params.parse({ from: day(1), to: day(1) }), {
    staffId: 1,
    username: 'bench',
    ip: '127.0.0.1',
  });
  out(
    `Rebuild of one day (${PER_DAY.toLocaleString('en')} transactions): ${(performance.now() - began).toFixed(0)} ms`,
  );
});
