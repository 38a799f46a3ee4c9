import type {
  MerchantListItem,
  StatusFilterValue,
  Transaction,
  TransactionSortColumn,
  TransactionStatus,
} from '@bo/contract';
import { and, asc, eq, exists, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, merchants, transactions } from '../../db/schema';
import { escapeLike, type KeywordQuery } from './keyword.rule';

const t = transactions;

/** The date SPEC §4 shows for a row: expiry when expired, confirmation when paid or underpaid. */
const shownDate = sql`(case
  when ${t.status} = 'expired' then coalesce(${t.expiredOn}, ${t.createdOn})
  when ${t.status} in ('paid', 'underpaid') then coalesce(${t.confirmedOn}, ${t.createdOn})
  else ${t.createdOn} end)`;

/** Each sortable column: its SQL and the type a cursor value is cast back to. */
const SORT: Record<
  TransactionSortColumn,
  { expr: SQL | typeof t.id | typeof merchants.shopTitle; cast: string }
> = {
  Merchant: { expr: sql`${merchants.shopTitle}`, cast: 'text' },
  TransactionID: { expr: sql`${t.transactionId}`, cast: 'bigint' },
  OriginalAmount: { expr: sql`${t.originalAmount}`, cast: 'numeric' },
  Amount: { expr: sql`${t.amount}`, cast: 'numeric' },
  Type: { expr: sql`${t.transactionType}`, cast: 'text' },
  Status: { expr: sql`${t.status}`, cast: 'text' },
  CreatedOn: { expr: sql`${t.createdOn}`, cast: 'timestamptz' },
  Date: { expr: shownDate, cast: 'timestamptz' },
};

export interface ListFilter {
  from: Date;
  /** Exclusive upper bound. */
  to: Date;
  statuses: readonly StatusFilterValue[];
  merchantId?: number | undefined;
  referral?: string | undefined;
  keyword: KeywordQuery;
}

export interface Keyset {
  value: string;
  id: number;
}

function statusCondition(statuses: readonly StatusFilterValue[]): SQL | undefined {
  // No status chosen means no status filter; the dashboard always sends its selection.
  if (statuses.length === 0) return undefined;
  const plain = statuses.filter((s) => s !== 'rt-t' && s !== 'rt-p');
  const parts: SQL[] = [];
  if (plain.length > 0) parts.push(inArray(t.status, plain));
  if (statuses.includes('rt-t')) parts.push(sql`(${t.status} = 'reflextrader' and ${t.prefix} = 'T')`);
  if (statuses.includes('rt-p')) parts.push(sql`(${t.status} = 'reflextrader' and ${t.prefix} = 'P')`);
  return or(...parts);
}

function keywordCondition(keyword: KeywordQuery): SQL | undefined {
  switch (keyword.kind) {
    case 'none':
      return undefined;
    case 'ref':
      return keyword.prefix
        ? and(eq(t.prefix, keyword.prefix), eq(t.transactionId, keyword.id))
        : eq(t.transactionId, keyword.id);
    case 'xchange':
      return eq(t.xchangeId, keyword.id);
    case 'exact':
      return or(
        eq(t.security, keyword.value),
        eq(t.coinAddress, keyword.value),
        eq(t.customerReference, keyword.value),
        eq(t.revolutId, keyword.value),
      );
    case 'text': {
      const pattern = `%${escapeLike(keyword.value)}%`;
      return or(
        sql`${merchants.shopTitle} ilike ${pattern}`,
        sql`${merchants.ownerNickName} ilike ${pattern}`,
        sql`${t.email} ilike ${pattern}`,
        sql`${t.customerReference} ilike ${pattern}`,
        sql`${t.tag} ilike ${pattern}`,
      );
    }
  }
}

function whereOf(filter: ListFilter): SQL | undefined {
  return and(
    gte(t.createdOn, filter.from),
    lt(t.createdOn, filter.to),
    statusCondition(filter.statuses),
    filter.merchantId === undefined ? undefined : eq(t.merchantId, filter.merchantId),
    filter.referral ? eq(merchants.referral, filter.referral) : undefined,
    keywordCondition(filter.keyword),
  );
}

const rowColumns = {
  row: t,
  shopTitle: merchants.shopTitle,
  ownerNickName: merchants.ownerNickName,
  longName: altCoins.longName,
  coinName: altCoins.name,
  blockExplorer: altCoins.blockExplorer,
  sortValue: sql<string>`null`,
};

type JoinedRow = {
  row: typeof t.$inferSelect;
  shopTitle: string;
  ownerNickName: string;
  longName: string;
  coinName: string;
  blockExplorer: string | null;
  sortValue: string | Date | number | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toTransaction(r: JoinedRow): Transaction {
  const x = r.row;
  const shown =
    x.status === 'expired'
      ? (x.expiredOn ?? x.createdOn)
      : ['paid', 'underpaid'].includes(x.status)
        ? (x.confirmedOn ?? x.createdOn)
        : x.createdOn;
  return {
    ID: x.id,
    TransactionID: x.transactionId,
    Prefix: x.prefix,
    MerchantID: x.merchantId,
    OwnerNickName: r.ownerNickName,
    ShopTitle: r.shopTitle,
    OriginalAmount: x.originalAmount,
    InputCurrency: x.inputCurrency,
    Amount: x.amount,
    LongName: r.longName,
    CoinName: r.coinName,
    AltCoinID: x.altCoinId,
    Status: x.status as TransactionStatus,
    NotEnough: x.notEnough === 1 ? 1 : 0,
    TransactionType: x.transactionType,
    ExternalTransactionProvider: x.externalProvider,
    CreatedOn: x.createdOn.toISOString(),
    Date: shown.toISOString(),
    Expired: iso(x.expiredOn),
    TransactionConfirmedOn: iso(x.confirmedOn),
    Security: x.security,
    CustomerReferenceNr: x.customerReference,
    CoinAddress: x.coinAddress,
    BlockExplorer:
      r.blockExplorer && x.coinAddress !== 'NA' ? r.blockExplorer.replace('{address}', x.coinAddress) : null,
    XChangeID: x.xchangeId,
    MasterTransactionID: x.masterTransactionId,
    Comments: x.comments,
    revolutID: x.revolutId,
    Email: x.email,
    ConfirmURL: x.confirmUrl,
    FailURL: x.failUrl,
    InvoiceCC: x.invoiceCc,
    Tag: x.tag,
    FiatConfirmedAmount: x.fiatConfirmedAmount,
    OriginalAmountFee: x.originalAmountFee,
  };
}

export interface PageRequest {
  sort: TransactionSortColumn;
  order: 'asc' | 'desc';
  /** Rows after (or, with `backwards`, before) this position in the sort order. */
  after?: Keyset | undefined;
  backwards: boolean;
  limit: number;
}

/** One page in display order, each row with the keyset of its position. */
export async function listTransactionsPage(
  db: DbOrTx,
  filter: ListFilter,
  page: PageRequest,
): Promise<{ records: Transaction[]; keys: Keyset[] }> {
  const { expr, cast } = SORT[page.sort];
  // Reading backwards walks the opposite order from the cursor, then the page is turned round.
  const descending = (page.order === 'desc') !== page.backwards;
  const cmp = descending ? sql`<` : sql`>`;
  const keyset = page.after
    ? sql`(${expr}, ${t.id}) ${cmp} (cast(${page.after.value} as ${sql.raw(cast)}), ${page.after.id})`
    : undefined;
  const direction = descending ? sql`desc` : sql`asc`;
  const rows = (await db
    .select({ ...rowColumns, sortValue: sql<string>`(${expr})::text` })
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, t.altCoinId))
    .where(and(whereOf(filter), keyset))
    .orderBy(sql`${expr} ${direction}`, sql`${t.id} ${direction}`)
    .limit(page.limit)) as JoinedRow[];
  if (page.backwards) rows.reverse();
  return {
    records: rows.map(toTransaction),
    keys: rows.map((r) => ({ value: String(r.sortValue), id: r.row.id })),
  };
}

export async function countTransactions(db: DbOrTx, filter: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .where(whereOf(filter));
  return row?.n ?? 0;
}

export async function findTransaction(
  db: DbOrTx,
  prefix: 'T' | 'P',
  id: number,
): Promise<Transaction | undefined> {
  const [row] = (await db
    .select(rowColumns)
    .from(t)
    .innerJoin(merchants, eq(merchants.id, t.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, t.altCoinId))
    .where(and(eq(t.prefix, prefix), eq(t.transactionId, id)))
    .limit(1)) as JoinedRow[];
  return row ? toTransaction(row) : undefined;
}

/** Merchants with at least one transaction created in [from, to), by shop title. */
export async function merchantsWithTransactions(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<MerchantListItem[]> {
  return db
    .select({ ID: merchants.id, ShopTitle: merchants.shopTitle, Name: merchants.name })
    .from(merchants)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(t)
          .where(and(eq(t.merchantId, merchants.id), gte(t.createdOn, from), lt(t.createdOn, to))),
      ),
    )
    .orderBy(asc(merchants.shopTitle), asc(merchants.id));
}

export type TransactionRow = typeof t.$inferSelect;

/** Reads a row and locks it until the surrounding transaction ends, so concurrent edits queue up. */
export async function lockTransaction(
  db: DbOrTx,
  prefix: 'T' | 'P',
  id: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.prefix, prefix), eq(t.transactionId, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateTransactionRow(
  db: DbOrTx,
  rowId: number,
  values: Partial<
    Pick<TransactionRow, 'status' | 'notEnough' | 'expiredOn' | 'confirmedOn' | 'comments' | 'updatedOn'>
  >,
): Promise<void> {
  await db.update(t).set(values).where(eq(t.id, rowId));
}
