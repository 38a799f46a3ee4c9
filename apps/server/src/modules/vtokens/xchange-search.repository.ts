import type { XChangeSearchRow } from '@bo/contract';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, merchants, transactions } from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const t = transactions;

/** What XChange Search looks up (xchange-search.rule.ts decides it from the keyword and the chosen field). */
export type XChangeLookup =
  | { kind: 'xchange'; id: number }
  | { kind: 'hash'; value: string }
  | { kind: 'address'; value: string }
  | { kind: 'hash-or-address'; value: string }
  | { kind: 'merchant-id'; id: number }
  | { kind: 'merchant-title'; text: string }
  | { kind: 'nothing' };

/** Most merchants a title fragment may name: the first ones by title. */
const TITLE_MATCH_LIMIT = 50;

/**
 * The lookup as a condition, each shape on its own B-tree (ADR 0018): transactions_xchange_idx (0002),
 * transactions_security_idx and transactions_address_idx (0000), transactions_xchange_merchant_idx (0017).
 * A shop title becomes the ids of the merchants that hold it (trigram index, read first).
 */
async function conditionOf(db: DbOrTx, lookup: XChangeLookup): Promise<SQL> {
  switch (lookup.kind) {
    case 'xchange':
      return eq(t.xchangeId, lookup.id);
    case 'hash':
      return eq(t.security, lookup.value);
    case 'address':
      return eq(t.coinAddress, lookup.value);
    case 'hash-or-address':
      return sql`(${t.security} = ${lookup.value} or ${t.coinAddress} = ${lookup.value})`;
    case 'merchant-id':
      return eq(t.merchantId, lookup.id);
    case 'merchant-title': {
      const rows = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(sql`${merchants.shopTitle} ilike ${`%${escapeLike(lookup.text)}%`}`)
        .orderBy(asc(merchants.shopTitle), asc(merchants.id))
        .limit(TITLE_MATCH_LIMIT);
      if (rows.length === 0) return sql`false`;
      return sql`${t.merchantId} = any(${sql.param(rows.map((r) => r.id))}::integer[])`;
    }
    case 'nothing':
      return sql`false`;
  }
}

/** Only transactions that went through xChange are exchange transactions. */
const whereOf = async (db: DbOrTx, lookup: XChangeLookup) =>
  and(isNotNull(t.xchangeId), await conditionOf(db, lookup));

export async function searchXChange(
  db: DbOrTx,
  lookup: XChangeLookup,
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<XChangeSearchRow[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      xchangeId: t.xchangeId,
      prefix: t.prefix,
      transactionId: t.transactionId,
      merchantId: t.merchantId,
      shopTitle: merchants.shopTitle,
      status: t.status,
      transactionType: t.transactionType,
      originalAmount: t.originalAmount,
      inputCurrency: t.inputCurrency,
      amount: t.amount,
      coinName: altCoins.shortName,
      coinAddress: t.coinAddress,
      security: t.security,
      createdOn: t.createdOn,
    })
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, t.altCoinId))
    .where(await whereOf(db, lookup))
    .orderBy(direction(t.createdOn), direction(t.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    XChangeID: r.xchangeId ?? 0,
    Prefix: r.prefix,
    TransactionID: r.transactionId,
    MerchantID: r.merchantId,
    ShopTitle: r.shopTitle,
    Status: r.status as XChangeSearchRow['Status'],
    TransactionType: r.transactionType,
    OriginalAmount: r.originalAmount,
    InputCurrency: r.inputCurrency,
    Amount: r.amount,
    Coin: r.coinName,
    CoinAddress: r.coinAddress,
    Security: r.security,
    CreatedOn: r.createdOn.toISOString(),
  }));
}

/** Matches, counted up to `cap + 1`. */
export async function countXChange(db: DbOrTx, lookup: XChangeLookup, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(t)
    .where(await whereOf(db, lookup))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}
