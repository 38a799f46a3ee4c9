import type { VTokenStatus } from '@bo/contract';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, merchants, staff, transactions, vtokens } from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const v = vtokens;

/** What the list's keyword was read as (vtokens.service keywordOf). */
export type VTokenKeyword =
  | { kind: 'none' }
  | { kind: 'code'; prefix: string }
  | { kind: 'transaction'; prefix: 'T' | 'P'; id: number }
  | { kind: 'text'; value: string };

export interface VTokenFilter {
  status?: VTokenStatus | undefined;
  coin?: number | undefined;
  merchantId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  keyword: VTokenKeyword;
}

export type VTokenSortColumn = 'CreatedOn' | 'Amount' | 'ID';

export interface VTokenRowData {
  id: number;
  code: string;
  status: VTokenStatus;
  amount: string;
  originalAmount: string;
  inputCurrency: string;
  altCoinId: number;
  coinName: string;
  merchantId: number;
  shopTitle: string;
  prefix: 'T' | 'P';
  transactionId: number;
  createdOn: Date;
  claimedOn: Date | null;
  claimedBy: string | null;
  cancelledOn: Date | null;
}

/** Most merchants a shop-title keyword may name; a broader fragment narrows to the first by title. */
const TITLE_MATCH_LIMIT = 500;

/**
 * The keyword as a condition on vtokens' own columns: a code from its start (vtokens_code_idx), a
 * transaction by its reference (transactions_ref_idx, then vtokens_transaction_idx), or text: the holder
 * exactly (vtokens_holder_idx) or the merchants whose shop title holds it (their ids, read first, so the
 * planner sees the list).
 */
async function keywordCondition(db: DbOrTx, keyword: VTokenKeyword): Promise<SQL | undefined> {
  switch (keyword.kind) {
    case 'none':
      return undefined;
    case 'code':
      return sql`${v.code} like ${`${escapeLike(keyword.prefix)}%`}`;
    case 'transaction':
      return sql`${v.transactionRowId} = (select ${transactions.id} from ${transactions}
        where ${transactions.prefix} = ${keyword.prefix} and ${transactions.transactionId} = ${keyword.id})`;
    case 'text': {
      const rows = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(sql`${merchants.shopTitle} ilike ${`%${escapeLike(keyword.value)}%`}`)
        .orderBy(asc(merchants.shopTitle), asc(merchants.id))
        .limit(TITLE_MATCH_LIMIT);
      const holder = sql`lower(${v.claimedBy}) = lower(${keyword.value})`;
      if (rows.length === 0) return holder;
      const ids = rows.map((r) => r.id);
      return sql`(${v.merchantId} = any(${sql.param(ids)}::integer[]) or ${holder})`;
    }
  }
}

async function whereOf(db: DbOrTx, filter: VTokenFilter): Promise<SQL | undefined> {
  return and(
    filter.status ? eq(v.status, filter.status) : undefined,
    filter.coin === undefined ? undefined : eq(v.altCoinId, filter.coin),
    filter.merchantId === undefined ? undefined : eq(v.merchantId, filter.merchantId),
    filter.from ? gte(v.createdOn, filter.from) : undefined,
    filter.to ? lt(v.createdOn, filter.to) : undefined,
    await keywordCondition(db, filter.keyword),
  );
}

const SORT = { CreatedOn: v.createdOn, Amount: v.amount, ID: v.id } as const;

const rowSelect = {
  id: v.id,
  code: v.code,
  status: v.status,
  amount: v.amount,
  originalAmount: v.originalAmount,
  inputCurrency: v.inputCurrency,
  altCoinId: v.altCoinId,
  coinName: altCoins.shortName,
  merchantId: v.merchantId,
  shopTitle: merchants.shopTitle,
  prefix: transactions.prefix,
  transactionId: transactions.transactionId,
  createdOn: v.createdOn,
  claimedOn: v.claimedOn,
  claimedBy: v.claimedBy,
  cancelledOn: v.cancelledOn,
};

/**
 * A page of vTokens. The page's ids come from the sort's index alone (each holds the filtered columns);
 * only those rows are then joined to their merchant, coin and transaction.
 */
export async function listVTokens(
  db: DbOrTx,
  filter: VTokenFilter,
  page: { sort: VTokenSortColumn; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<VTokenRowData[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const order = [direction(SORT[page.sort]), direction(v.id)];
  const ids = db
    .select({ id: v.id })
    .from(v)
    .where(await whereOf(db, filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select(rowSelect)
    .from(v)
    .innerJoin(merchants, eq(merchants.id, v.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, v.altCoinId))
    .innerJoin(transactions, eq(transactions.id, v.transactionRowId))
    .where(sql`${v.id} = any(array(${ids}))`)
    .orderBy(...order);
}

/** How many vTokens match, stopping after `cap + 1` so a broad filter reads at most that many entries. */
export async function countVTokens(db: DbOrTx, filter: VTokenFilter, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(v)
    .where(await whereOf(db, filter))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

export interface VTokenDetailData extends VTokenRowData {
  transactionRowId: number;
  cancelledBy: string | null;
  cancelReason: string | null;
  transactionStatus: string;
  xchangeId: number | null;
  comments: string | null;
}

export async function findVToken(db: DbOrTx, id: number): Promise<VTokenDetailData | undefined> {
  const [row] = await db
    .select({
      ...rowSelect,
      transactionRowId: v.transactionRowId,
      cancelledBy: staff.username,
      cancelReason: v.cancelReason,
      transactionStatus: transactions.status,
      xchangeId: transactions.xchangeId,
      comments: transactions.comments,
    })
    .from(v)
    .innerJoin(merchants, eq(merchants.id, v.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, v.altCoinId))
    .innerJoin(transactions, eq(transactions.id, v.transactionRowId))
    .leftJoin(staff, eq(staff.id, v.cancelledByStaffId))
    .where(eq(v.id, id))
    .limit(1);
  return row;
}

export interface LockedVToken {
  id: number;
  status: VTokenStatus;
  transactionRowId: number;
  code: string;
}

/** Locks a vToken for a change: a cancel and a claim of the same voucher queue here, one sees the other's result. */
export async function lockVToken(
  db: DbOrTx,
  where: { id: number } | { transactionRowId: number },
): Promise<LockedVToken | undefined> {
  const [row] = await db
    .select({ id: v.id, status: v.status, transactionRowId: v.transactionRowId, code: v.code })
    .from(v)
    .where('id' in where ? eq(v.id, where.id) : eq(v.transactionRowId, where.transactionRowId))
    .for('update');
  return row;
}

export async function cancelVTokenRow(
  db: DbOrTx,
  id: number,
  cancel: { staffId: number; at: Date; reason: string },
): Promise<void> {
  await db
    .update(v)
    .set({
      status: 'cancelled',
      cancelledOn: cancel.at,
      cancelledByStaffId: cancel.staffId,
      cancelReason: cancel.reason,
      updatedOn: cancel.at,
    })
    .where(eq(v.id, id));
}

export async function claimVTokenRow(
  db: DbOrTx,
  id: number,
  claim: { holder: string; at: Date },
): Promise<void> {
  await db
    .update(v)
    .set({ status: 'claimed', claimedOn: claim.at, claimedBy: claim.holder, updatedOn: claim.at })
    .where(eq(v.id, id));
}
