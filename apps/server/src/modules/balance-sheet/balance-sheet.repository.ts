import {
  BALANCE_SHEET_STATUSES,
  type BalanceSheetBuyFilter,
  type BalanceSheetList,
  type BalanceSheetRow,
} from '@bo/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, balanceSheetRowOf, openXChangeOf, rates, transactions } from '../../db/schema';

const t = transactions;

export interface BalanceSheetQuery {
  online: BalanceSheetList;
  buy: BalanceSheetBuyFilter;
}

const listFilter = (q: BalanceSheetQuery): SQL | undefined =>
  and(
    eq(altCoins.isOnline, q.online === 'online'),
    q.buy === 'both' ? undefined : eq(altCoins.buyEnabled, q.buy === 'enabled'),
  );

/**
 * One balance-sheet list, by coin name (ADR 0008). Every figure is summed and subtracted in numeric and
 * leaves as text, so no float touches an amount; EUR values are rounded to cents, half away from zero.
 */
export async function balanceSheet(
  db: DbOrTx,
  q: BalanceSheetQuery,
): Promise<{ records: BalanceSheetRow[]; totalBalanceEur: string }> {
  // First per coin, prefix and status, in the order of transactions_balance_sheet_idx and from it alone;
  // then those few groups are pivoted per coin.
  const groups = db
    .select({
      altCoinId: t.altCoinId,
      prefix: t.prefix,
      status: t.status,
      amount: sql<string>`sum(${t.amount})`.as('amount'),
      count: sql<number>`count(*)`.as('count'),
    })
    .from(t)
    .where(
      and(
        balanceSheetRowOf(t),
        inArray(t.altCoinId, db.select({ id: altCoins.id }).from(altCoins).where(listFilter(q))),
      ),
    )
    .groupBy(t.altCoinId, t.prefix, t.status)
    .as('groups');
  const of = (prefix: 'T' | 'P', statuses: readonly string[]) =>
    sql`${groups.prefix} = ${prefix} and ${inArray(groups.status, [...statuses])}`;
  const received = of('T', BALANCE_SHEET_STATUSES.received);
  const paidOut = of('P', BALANCE_SHEET_STATUSES.paidOut);
  const pending = of('P', BALANCE_SHEET_STATUSES.pendingPayouts);
  const sumOf = (where: SQL) => sql<string>`coalesce(sum(${groups.amount}) filter (where ${where}), 0)`;
  const countOf = (where: SQL) => sql<number>`coalesce(sum(${groups.count}) filter (where ${where}), 0)`;
  const figures = db
    .select({
      altCoinId: groups.altCoinId,
      received: sumOf(received).as('received'),
      receivedCount: countOf(received).as('received_count'),
      paidOut: sumOf(paidOut).as('paid_out'),
      paidOutCount: countOf(paidOut).as('paid_out_count'),
      pending: sumOf(pending).as('pending'),
      pendingCount: countOf(pending).as('pending_count'),
    })
    .from(groups)
    .groupBy(groups.altCoinId)
    .as('figures');
  // Counted from transactions_open_xchange_idx, which holds only these rows.
  const open = db
    .select({ altCoinId: t.altCoinId, count: sql<number>`count(*)`.as('open_count') })
    .from(t)
    .where(openXChangeOf(t))
    .groupBy(t.altCoinId)
    .as('open');

  const money = (value: unknown) => sql`coalesce(${value}, 0)::numeric(30, 8)`;
  const balance = sql`(${money(figures.received)} - ${money(figures.paidOut)} - ${money(figures.pending)})`;
  const balanceEur = sql`round(${balance} * ${rates.eur}, 2)::numeric(30, 2)`;
  const count = (value: unknown) => sql<number>`coalesce(${value}, 0)::int`;
  const rows = await db
    .select({
      coin: altCoins,
      received: sql<string>`${money(figures.received)}::text`,
      receivedCount: count(figures.receivedCount),
      paidOut: sql<string>`${money(figures.paidOut)}::text`,
      paidOutCount: count(figures.paidOutCount),
      pending: sql<string>`${money(figures.pending)}::text`,
      pendingCount: count(figures.pendingCount),
      balance: sql<string>`${balance}::text`,
      rate: sql<string | null>`${rates.eur}::text`,
      balanceEur: sql<string | null>`${balanceEur}::text`,
      total: sql<string | null>`(sum(${balanceEur}) over ())::numeric(30, 2)::text`,
      open: count(open.count),
    })
    .from(altCoins)
    .leftJoin(figures, eq(figures.altCoinId, altCoins.id))
    .leftJoin(open, eq(open.altCoinId, altCoins.id))
    .leftJoin(rates, eq(rates.altCoinId, altCoins.id))
    .where(listFilter(q))
    .orderBy(sql`lower(${altCoins.name})`, asc(altCoins.id));

  return {
    records: rows.map((r) => ({
      ID: r.coin.id,
      Name: r.coin.name,
      ShortName: r.coin.shortName,
      LongName: r.coin.longName,
      isOnline: r.coin.isOnline,
      Priority: r.coin.priority,
      vFiat: r.coin.vFiat,
      BuyEnabled: r.coin.buyEnabled,
      Received: r.received,
      ReceivedCount: r.receivedCount,
      PaidOut: r.paidOut,
      PaidOutCount: r.paidOutCount,
      PendingPayouts: r.pending,
      PendingPayoutsCount: r.pendingCount,
      Balance: r.balance,
      RateEUR: r.rate,
      BalanceEUR: r.balanceEur,
      OpenXChange: r.open,
    })),
    totalBalanceEur: rows[0]?.total ?? '0.00',
  };
}
