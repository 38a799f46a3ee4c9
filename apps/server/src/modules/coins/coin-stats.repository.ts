import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { coinStatsDaily } from '../../db/schema';

/** A UTC day as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * Computes the days [from, to] from transactions and failure causes and replaces their rows: one grouped
 * read of those days' rows along transactions_created_idx and failure_causes_created_idx (the job reads one
 * day; the demo seed its whole history once). `final` marks a closed day; today stays open.
 */
export async function computeDays(
  db: DbOrTx,
  from: string,
  to: string,
  options: { final: boolean; at: Date },
): Promise<void> {
  const start = `${from}T00:00:00Z`;
  const end = `${addDays(to, 1)}T00:00:00Z`;
  await db.transaction(async (tx) => {
    await tx.delete(coinStatsDaily).where(and(gte(coinStatsDaily.day, from), lte(coinStatsDaily.day, to)));
    await tx.execute(sql`
      with t as (
        select alt_coin_id, (created_on at time zone 'UTC')::date as day, prefix, status, amount, volume_eur,
          case when confirmed_on is not null and status in ('paid', 'underpaid')
            then greatest(0, extract(epoch from confirmed_on - created_on)) end as confirm_seconds
        from transactions
        where created_on >= ${start}::timestamptz and created_on < ${end}::timestamptz
      ), tx_days as (
        select alt_coin_id, day,
          count(*) filter (where prefix = 'T' and status in ('waiting', 'expired', 'paid', 'underpaid')) as incoming,
          count(*) filter (where prefix = 'T' and status = 'paid') as paid,
          count(*) filter (where prefix = 'T' and status = 'expired') as expired,
          count(*) filter (where prefix = 'T' and status = 'underpaid') as underpaid,
          coalesce(sum(amount) filter (where prefix = 'T' and status in ('paid', 'underpaid')), 0) as volume,
          coalesce(sum(volume_eur) filter (where prefix = 'T' and status in ('paid', 'underpaid')), 0) as volume_eur,
          count(confirm_seconds) filter (where prefix = 'T') as confirmed,
          coalesce(sum(confirm_seconds) filter (where prefix = 'T'), 0) as confirm_seconds,
          round(avg(confirm_seconds) filter (where prefix = 'T')) as avg_confirm,
          round(percentile_cont(0.95) within group (order by confirm_seconds) filter (where prefix = 'T' and confirm_seconds is not null)) as p95_confirm,
          count(*) filter (where prefix = 'P') as payouts,
          coalesce(sum(amount) filter (where prefix = 'P' and status <> 'payout-cancelled'), 0) as payout_volume
        from t group by 1, 2
      ), failure_days as (
        select alt_coin_id, (created_on at time zone 'UTC')::date as day, count(*) as failures
        from failure_causes
        where created_on >= ${start}::timestamptz and created_on < ${end}::timestamptz
        group by 1, 2
      )
      insert into coin_stats_daily (alt_coin_id, day, incoming, paid, expired, underpaid, volume, volume_eur,
        confirmed, confirm_seconds, avg_confirm_seconds, p95_confirm_seconds, payouts, payout_volume, failures,
        final, computed_at)
      select coalesce(x.alt_coin_id, f.alt_coin_id), coalesce(x.day, f.day),
        coalesce(x.incoming, 0), coalesce(x.paid, 0), coalesce(x.expired, 0), coalesce(x.underpaid, 0),
        coalesce(x.volume, 0), round(coalesce(x.volume_eur, 0), 2), coalesce(x.confirmed, 0),
        coalesce(x.confirm_seconds, 0)::bigint, x.avg_confirm::int, x.p95_confirm::int,
        coalesce(x.payouts, 0), coalesce(x.payout_volume, 0), coalesce(f.failures, 0),
        ${options.final}, ${options.at.toISOString()}::timestamptz
      from tx_days x full join failure_days f on f.alt_coin_id = x.alt_coin_id and f.day = x.day`);
  });
}

/** The newest day with a closed row, or null on an empty table. */
export async function lastClosedDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${coinStatsDaily.day})::text` })
    .from(coinStatsDaily)
    .where(eq(coinStatsDaily.final, true));
  return row?.day ?? null;
}

export async function lastComputedAt(db: DbOrTx, day: string): Promise<string | null> {
  const [row] = await db
    .select({
      at: sql<
        string | null
      >`to_char(max(${coinStatsDaily.computedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(coinStatsDaily)
    .where(eq(coinStatsDaily.day, day));
  return row?.at ?? null;
}

export interface StatsDayRow {
  altCoinId: number;
  day: string;
  incoming: number;
  paid: number;
  expired: number;
  underpaid: number;
  volume: string;
  volumeEur: string;
  confirmed: number;
  confirmSeconds: number;
  avgConfirmSeconds: number | null;
  p95ConfirmSeconds: number | null;
  payouts: number;
  payoutVolume: string;
  failures: number;
}

const COLUMNS = {
  altCoinId: coinStatsDaily.altCoinId,
  day: coinStatsDaily.day,
  incoming: coinStatsDaily.incoming,
  paid: coinStatsDaily.paid,
  expired: coinStatsDaily.expired,
  underpaid: coinStatsDaily.underpaid,
  volume: coinStatsDaily.volume,
  volumeEur: coinStatsDaily.volumeEur,
  confirmed: coinStatsDaily.confirmed,
  confirmSeconds: coinStatsDaily.confirmSeconds,
  avgConfirmSeconds: coinStatsDaily.avgConfirmSeconds,
  p95ConfirmSeconds: coinStatsDaily.p95ConfirmSeconds,
  payouts: coinStatsDaily.payouts,
  payoutVolume: coinStatsDaily.payoutVolume,
  failures: coinStatsDaily.failures,
};

/** Every coin's rows of the days [from, to], along coin_stats_daily_day_idx. */
export async function statsOfDays(db: DbOrTx, from: string, to: string): Promise<StatsDayRow[]> {
  return db
    .select(COLUMNS)
    .from(coinStatsDaily)
    .where(and(gte(coinStatsDaily.day, from), lte(coinStatsDaily.day, to)));
}

/** One coin's rows of the days [from, to], oldest first, along the primary key. */
export async function statsOfCoin(
  db: DbOrTx,
  coinId: number,
  from: string,
  to: string,
): Promise<StatsDayRow[]> {
  return db
    .select(COLUMNS)
    .from(coinStatsDaily)
    .where(
      and(eq(coinStatsDaily.altCoinId, coinId), gte(coinStatsDaily.day, from), lte(coinStatsDaily.day, to)),
    )
    .orderBy(asc(coinStatsDaily.day));
}
