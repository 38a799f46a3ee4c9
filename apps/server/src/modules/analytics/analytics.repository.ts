import type { AnalyticsGranularity, AnalyticsGroup } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';

/** The rows of a raw query: the driver-neutral `Db` types `execute`'s answer loosely (both drivers answer `rows`). */
async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** A range of whole UTC days, both ends included, as 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

/** One group's figures in the range and in the previous period; money as numeric text with 2 decimals. */
export interface GroupFigures {
  key: string;
  name: string | null;
  n: number;
  paid: number;
  volume: string;
  revenue: string;
  prevN: number;
  prevPaid: number;
  prevVolume: string;
  prevRevenue: string;
}

/** Each group's roll-up table, its key column and where its name is read. */
const GROUPS: Record<AnalyticsGroup, { table: SQL; key: SQL; name: (key: SQL) => SQL }> = {
  coin: {
    table: sql.raw('analytics_coin_days'),
    key: sql.raw('alt_coin_id'),
    name: (key) => sql`(select name from alt_coins where id = ${key})`,
  },
  provider: { table: sql.raw('analytics_provider_days'), key: sql.raw('provider'), name: () => sql`null` },
  merchant: {
    table: sql.raw('analytics_merchant_days'),
    key: sql.raw('merchant_id'),
    name: (key) => sql`(select shop_title from merchants where id = ${key})`,
  },
};

export type BreakdownSort = 'VolumeEur' | 'RevenueEur' | 'Transactions' | 'PaidRatio' | 'Name';

// Qualified: a bare name in ORDER BY would be the output column (the volume as text, sorted as text).
const ORDER: Record<BreakdownSort, string> = {
  VolumeEur: 'shown.volume',
  RevenueEur: 'shown.revenue',
  Transactions: 'shown.n',
  PaidRatio: 'shown.paid::float8 / nullif(shown.n, 0)',
  Name: 'lower(coalesce(shown.name, shown.key))',
};

/**
 * The range per group with the previous period beside it, in one read of the roll-up from the previous
 * period's first day to the range's last (each row is one day of one group: at 15,000 transactions a day
 * ~1,600 merchant rows a day). Payments (T) give the counts and the volume; revenue counts payouts too.
 * Groups without a figure in either period are left out. Sorted and paged here, with the total beside each row.
 */
export async function breakdown(
  db: DbOrTx,
  input: {
    group: AnalyticsGroup;
    range: DayRange;
    previousFrom: string;
    sort: BreakdownSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: GroupFigures[]; total: number }> {
  const g = GROUPS[input.group];
  const { from, to } = input.range;
  const direction = sql.raw(input.order === 'asc' ? 'asc' : 'desc');
  const rows = await rowsOf<GroupFigures & { total: number }>(
    db,
    sql`
    with sums as (
      select ${g.key}::text as key,
        coalesce(sum(n) filter (where prefix = 'T' and day >= ${from}::date), 0)::int as n,
        coalesce(sum(paid) filter (where prefix = 'T' and day >= ${from}::date), 0)::int as paid,
        coalesce(sum(paid_volume_eur) filter (where prefix = 'T' and day >= ${from}::date), 0) as volume,
        coalesce(sum(revenue_eur) filter (where day >= ${from}::date), 0) as revenue,
        coalesce(sum(n) filter (where prefix = 'T' and day < ${from}::date), 0)::int as "prevN",
        coalesce(sum(paid) filter (where prefix = 'T' and day < ${from}::date), 0)::int as "prevPaid",
        coalesce(sum(paid_volume_eur) filter (where prefix = 'T' and day < ${from}::date), 0) as "prevVolume",
        coalesce(sum(revenue_eur) filter (where day < ${from}::date), 0) as "prevRevenue"
      from ${g.table}
      where day >= ${input.previousFrom}::date and day <= ${to}::date
      group by ${g.key}
    ), shown as (
      select s.*, ${g.name(sql`s.key::${sql.raw(input.group === 'provider' ? 'text' : 'int')}`)} as name from sums s
      where n <> 0 or "prevN" <> 0 or revenue <> 0 or "prevRevenue" <> 0
    )
    select key, name, n, paid, round(volume, 2)::text as volume, round(revenue, 2)::text as revenue,
      "prevN", "prevPaid", round("prevVolume", 2)::text as "prevVolume", round("prevRevenue", 2)::text as "prevRevenue",
      (count(*) over ())::int as total
    from shown
    order by ${sql.raw(ORDER[input.sort])} ${direction} nulls last, shown.key ${direction}
    limit ${input.limit} offset ${input.offset}`,
  );
  const list = rows;
  if (list.length === 0 && input.offset > 0) {
    // Past the last page: the total still counts the groups.
    const [count] = await rowsOf<{ total: number }>(
      db,
      sql`
        select count(*)::int as total from (select 1 from ${g.table}
          where day >= ${input.previousFrom}::date and day <= ${to}::date group by ${g.key}
          having sum(n) filter (where prefix = 'T') <> 0 or sum(revenue_eur) <> 0) x`,
    );
    return { rows: [], total: count?.total ?? 0 };
  }
  return { rows: list.map(({ total: _, ...row }) => row), total: list[0]?.total ?? 0 };
}

/** The range's and the previous period's totals, from the coin roll-up (the smallest). */
export async function totals(
  db: DbOrTx,
  range: DayRange,
  previousFrom: string,
): Promise<Omit<GroupFigures, 'key' | 'name'>> {
  const { from, to } = range;
  const [row] = await rowsOf<Omit<GroupFigures, 'key' | 'name'>>(
    db,
    sql`
      select
        coalesce(sum(n) filter (where prefix = 'T' and day >= ${from}::date), 0)::int as n,
        coalesce(sum(paid) filter (where prefix = 'T' and day >= ${from}::date), 0)::int as paid,
        round(coalesce(sum(paid_volume_eur) filter (where prefix = 'T' and day >= ${from}::date), 0), 2)::text as volume,
        round(coalesce(sum(revenue_eur) filter (where day >= ${from}::date), 0), 2)::text as revenue,
        coalesce(sum(n) filter (where prefix = 'T' and day < ${from}::date), 0)::int as "prevN",
        coalesce(sum(paid) filter (where prefix = 'T' and day < ${from}::date), 0)::int as "prevPaid",
        round(coalesce(sum(paid_volume_eur) filter (where prefix = 'T' and day < ${from}::date), 0), 2)::text as "prevVolume",
        round(coalesce(sum(revenue_eur) filter (where day < ${from}::date), 0), 2)::text as "prevRevenue"
      from analytics_coin_days
      where day >= ${previousFrom}::date and day <= ${to}::date`,
  );
  return (
    row ?? {
      n: 0,
      paid: 0,
      volume: '0.00',
      revenue: '0.00',
      prevN: 0,
      prevPaid: 0,
      prevVolume: '0.00',
      prevRevenue: '0.00',
    }
  );
}

export interface SeriesRow {
  period: string;
  n: number;
  paid: number;
  volume: string;
  revenue: string;
}

const BUCKET: Record<AnalyticsGranularity, string> = {
  day: 'day',
  week: "date_trunc('week', day)::date",
  month: "date_trunc('month', day)::date",
};

/** The range per day, ISO week or month (a bucket starting before the range is dated from its first day). */
export async function series(
  db: DbOrTx,
  range: DayRange,
  granularity: AnalyticsGranularity,
): Promise<SeriesRow[]> {
  const rows = await rowsOf<SeriesRow>(
    db,
    sql`
    select greatest(${sql.raw(BUCKET[granularity])}, ${range.from}::date)::text as period,
      coalesce(sum(n) filter (where prefix = 'T'), 0)::int as n,
      coalesce(sum(paid) filter (where prefix = 'T'), 0)::int as paid,
      round(coalesce(sum(paid_volume_eur) filter (where prefix = 'T'), 0), 2)::text as volume,
      round(coalesce(sum(revenue_eur), 0), 2)::text as revenue
    from analytics_coin_days
    where day >= ${range.from}::date and day <= ${range.to}::date
    group by 1 order by 1`,
  );
  return rows;
}

/** Each coin's paid payment volume in the range, largest first, with its name. */
export async function coinVolumes(
  db: DbOrTx,
  range: DayRange,
): Promise<Array<{ altCoinId: number; name: string; volume: string }>> {
  const rows = await rowsOf<{ altCoinId: number; name: string; volume: string }>(
    db,
    sql`
    select s.alt_coin_id as "altCoinId", coalesce(a.name, 'Coin ' || s.alt_coin_id) as name, round(s.volume, 2)::text as volume
    from (
      select alt_coin_id, sum(paid_volume_eur) as volume from analytics_coin_days
      where prefix = 'T' and day >= ${range.from}::date and day <= ${range.to}::date
      group by 1 having sum(paid_volume_eur) > 0
    ) s left join alt_coins a on a.id = s.alt_coin_id
    order by s.volume desc, s.alt_coin_id`,
  );
  return rows;
}

const PAID = "('paid', 'underpaid', 'payout-completed')";
const ROLLUPS: Array<{ table: string; key: string; keyExpr: string; slot: boolean }> = [
  { table: 'analytics_merchant_days', key: 'merchant_id', keyExpr: 'merchant_id', slot: false },
  { table: 'analytics_coin_days', key: 'alt_coin_id', keyExpr: 'alt_coin_id', slot: true },
  {
    table: 'analytics_provider_days',
    key: 'provider',
    keyExpr: "coalesce(external_provider, '')",
    slot: true,
  },
];

/**
 * Recomputes the roll-ups of the days [from, to] from the transactions: the triggers' figures are replaced
 * by a grouped read of each day (along transactions_created_idx). One transaction per day, holding a SHARE
 * lock on transactions until it commits, so a payment written meanwhile is neither lost nor counted twice,
 * and payment writes wait at most one day's regrouping (~120 ms at 15,000 a day), never the whole range. The
 * lock is waited for at most 5 s (a long writer ahead of it fails the rebuild, not the platform's writes).
 * Answers the roll-up rows the range now has.
 */
export async function rebuild(db: Db, range: DayRange): Promise<number> {
  let rows = 0;
  for (let day = range.from; day <= range.to; day = nextDay(day)) {
    const start = `${day}T00:00:00Z`;
    const end = `${nextDay(day)}T00:00:00Z`;
    rows += await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`lock table transactions in share mode`);
      for (const r of ROLLUPS) {
        await tx.execute(sql`delete from ${sql.raw(r.table)} where day = ${day}::date`);
        await tx.execute(sql`
          insert into ${sql.raw(r.table)} (day, ${sql.raw(r.key)}, prefix, ${sql.raw(r.slot ? 'slot, ' : '')}n, paid, paid_volume_eur, revenue_eur)
          select (created_on at time zone 'UTC')::date, ${sql.raw(r.keyExpr)}, prefix, ${sql.raw(r.slot ? '0, ' : '')}count(*),
            count(*) filter (where status in ${sql.raw(PAID)}),
            coalesce(sum(volume_eur) filter (where status in ${sql.raw(PAID)}), 0), sum(revenue_eur)
          from transactions
          where created_on >= ${start}::timestamptz and created_on < ${end}::timestamptz
          group by 1, 2, 3`);
      }
      const [count] = await rowsOf<{ n: number }>(
        tx,
        sql`
        select ((select count(*) from analytics_merchant_days where day = ${day}::date)
          + (select count(*) from analytics_coin_days where day = ${day}::date)
          + (select count(*) from analytics_provider_days where day = ${day}::date))::int as n`,
      );
      return count?.n ?? 0;
    });
  }
  return rows;
}

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
