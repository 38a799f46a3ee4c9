import type { AltCoin, OfflinePoolRow, TransactionStatus } from '@bo/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, merchants, openXChangeOf, rates, shownDateOf, transactions } from '../../db/schema';

const t = transactions;

/** A coin and its EUR rate (null when the rates table has none). */
export async function findCoin(
  db: DbOrTx,
  id: number,
): Promise<{ coin: AltCoin; rateEur: string | null } | undefined> {
  const [row] = await db
    .select({ coin: altCoins, rate: sql<string | null>`${rates.eur}::text` })
    .from(altCoins)
    .leftJoin(rates, eq(rates.altCoinId, altCoins.id))
    .where(eq(altCoins.id, id))
    .limit(1);
  if (!row) return undefined;
  const c = row.coin;
  return {
    coin: {
      ID: c.id,
      Name: c.name,
      ShortName: c.shortName,
      LongName: c.longName,
      isOnline: c.isOnline,
      Priority: c.priority,
      vFiat: c.vFiat,
      BuyEnabled: c.buyEnabled,
    },
    rateEur: row.rate,
  };
}

/** The coin's open xChange transactions: found in transactions_open_xchange_idx, which holds only them. */
const openOfCoin = (coinId: number): SQL | undefined => and(eq(t.altCoinId, coinId), openXChangeOf(t));

export interface PoolPage {
  coinId: number;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * One page of a coin's open xChange transactions by creation time (ties by id). The page's ids come from
 * the partial index alone; only those rows are read and joined (as the dashboard list does, ADR 0005).
 */
export async function listOpenXChange(db: DbOrTx, page: PoolPage): Promise<OfflinePoolRow[]> {
  const dir = page.order === 'asc' ? asc : desc;
  const order = [dir(t.createdOn), dir(t.id)];
  const ids = db
    .select({ id: t.id })
    .from(t)
    .where(openOfCoin(page.coinId))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select({
      row: {
        id: t.id,
        transactionId: t.transactionId,
        prefix: t.prefix,
        merchantId: t.merchantId,
        originalAmount: t.originalAmount,
        inputCurrency: t.inputCurrency,
        amount: t.amount,
        altCoinId: t.altCoinId,
        status: t.status,
        notEnough: t.notEnough,
        transactionType: t.transactionType,
        coinAddress: t.coinAddress,
        xchangeId: t.xchangeId,
        createdOn: t.createdOn,
      },
      shownDate: sql<string>`${shownDateOf(t)}`.mapWith(t.createdOn),
      shopTitle: merchants.shopTitle,
      coinName: altCoins.name,
      amountEur: sql<string | null>`round(${t.amount} * ${rates.eur}, 2)::numeric(30, 2)::text`,
    })
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, t.altCoinId))
    .leftJoin(rates, eq(rates.altCoinId, t.altCoinId))
    .where(inArray(t.id, ids))
    .orderBy(...order);
  return rows.map(({ row: x, ...r }) => ({
    ID: x.id,
    TransactionID: x.transactionId,
    Prefix: x.prefix,
    MerchantID: x.merchantId,
    ShopTitle: r.shopTitle,
    OriginalAmount: x.originalAmount,
    InputCurrency: x.inputCurrency,
    Amount: x.amount,
    CoinName: r.coinName,
    AltCoinID: x.altCoinId,
    Status: x.status as TransactionStatus,
    NotEnough: x.notEnough === 1 ? 1 : 0,
    TransactionType: x.transactionType,
    CoinAddress: x.coinAddress,
    CreatedOn: x.createdOn.toISOString(),
    Date: new Date(r.shownDate).toISOString(),
    // Never null here: the predicate requires it.
    XChangeID: x.xchangeId ?? 0,
    AmountEUR: r.amountEur,
  }));
}

/** Count and sum of a coin's open xChange transactions, the sum valued at the coin's current EUR rate. */
export async function openXChangeTotals(
  db: DbOrTx,
  coinId: number,
  rateEur: string | null,
): Promise<{ count: number; amount: string; amountEur: string | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${t.amount}), 0)::numeric(30, 8)::text`,
      amountEur: sql<
        string | null
      >`round(coalesce(sum(${t.amount}), 0) * ${rateEur}::numeric, 2)::numeric(30, 2)::text`,
    })
    .from(t)
    .where(openOfCoin(coinId));
  return { count: row?.count ?? 0, amount: row?.amount ?? '0.00000000', amountEur: row?.amountEur ?? null };
}
