import {
  formatTransactionRef,
  type MerchantListItem,
  type StatusFilterValue,
  type Transaction,
  type TransactionSortColumn,
  type TransactionStatus,
} from '@bo/contract';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { prepareStatement } from '../../db/prepared';
import {
  altCoins,
  merchants,
  shownDateOf,
  transactionDayBounds,
  transactionDayCounts,
  transactionMerchantDayCounts,
  transactions,
} from '../../db/schema';
import { escapeLike, type KeywordQuery } from './keyword.rule';

const t = transactions;

/** The date SPEC §4 shows for a row; transactions_sort_date_idx is built on the same expression. */
const shownDate = shownDateOf(t);

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

/**
 * The sorts whose column follows time, with their column of transaction_day_bounds and the value that bounds
 * nothing. Walked ascending over a recent range, their index would be read from the oldest row of the table
 * up to the range; the range's bound lets the walk start where its rows do (ADR 0010).
 */
const LOWER_BOUND: Partial<Record<TransactionSortColumn, { column: SQL; none: SQL }>> = {
  TransactionID: {
    column: sql`min(${transactionDayBounds.minTransactionId})`,
    none: sql`cast(-9223372036854775807 as bigint)`,
  },
  Date: { column: sql`min(${transactionDayBounds.minShownOn})`, none: sql`cast('-infinity' as timestamptz)` },
};

/**
 * No row created in [from, to) with one of the chosen statuses has a smaller value of the sort column than
 * this: the least of the bounds of the range's days and statuses (a day too many at the end only lowers
 * it). No bound row — a key nothing was written to since the table was made — bounds nothing, rather than
 * hiding a row.
 */
function lowerBoundOf(sort: TransactionSortColumn, filter: ListFilter): SQL | undefined {
  const bound = LOWER_BOUND[sort];
  if (!bound) return undefined;
  const b = transactionDayBounds;
  const day = (at: Date) => sql`(cast(${at.toISOString()} as timestamptz) at time zone 'UTC')::date`;
  const keys = and(
    sql`${b.day} between ${day(filter.from)} and ${day(filter.to)}`,
    statusCondition(filter.statuses, b),
  );
  return sql`${SORT[sort].expr} >= coalesce((select ${bound.column} from ${b} where ${keys}), ${bound.none})`;
}

const BIGINT_MAX = 9_223_372_036_854_775_807n;
const PG_TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A timestamptz as PostgreSQL writes it as text, naming a real day and time. */
function isTimestampText(value: string): boolean {
  const m = PG_TIMESTAMPTZ.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    at.getUTCFullYear() === y &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    at.getUTCHours() === h
  );
}

const CURSOR_VALUE_FITS: Record<string, (value: string) => boolean> = {
  text: (value) => !value.includes('\u0000'),
  bigint: (value) =>
    /^-?\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX && BigInt(value) >= -BIGINT_MAX,
  numeric: (value) => /^-?\d{1,40}(\.\d{1,20})?$/.test(value),
  timestamptz: isTimestampText,
};

/**
 * Whether a cursor's sort value can be cast back to its column's type. A cursor comes from the client, so
 * a forged one ('2026-99-99' for a date) is refused as bad input instead of failing in the cast.
 */
export const cursorValueFits = (sort: TransactionSortColumn, value: string): boolean =>
  CURSOR_VALUE_FITS[SORT[sort].cast]?.(value) ?? false;

export interface ListFilter {
  from: Date;
  /** Exclusive upper bound. */
  to: Date;
  statuses: readonly StatusFilterValue[];
  merchantId?: number | undefined;
  referral?: string | undefined;
  keyword: KeywordQuery;
  /** The Transactions screen's filters (ADR 0021); the dashboard sends neither. */
  altCoinId?: number | undefined;
  types?: readonly string[] | undefined;
}

/** A filter the per-day counts do not hold: such a total is counted from the rows (ADR 0021). */
const beyondDayCounts = (filter: ListFilter): boolean =>
  filter.altCoinId !== undefined || (filter.types?.length ?? 0) > 0;

export interface Keyset {
  value: string;
  id: number;
}

/** The status filter on any table with `status` and `prefix`: transactions and their count tables. */
function statusCondition(
  statuses: readonly StatusFilterValue[],
  c: { status: AnyColumn; prefix: AnyColumn } = t,
): SQL | undefined {
  // No status chosen means no status filter; the dashboard always sends its selection.
  if (statuses.length === 0) return undefined;
  const plain = statuses.filter((s) => s !== 'rt-t' && s !== 'rt-p');
  const parts: SQL[] = [];
  if (plain.length > 0) parts.push(inArray(c.status, plain));
  if (statuses.includes('rt-t')) parts.push(sql`(${c.status} = 'reflextrader' and ${c.prefix} = 'T')`);
  if (statuses.includes('rt-p')) parts.push(sql`(${c.status} = 'reflextrader' and ${c.prefix} = 'P')`);
  return or(...parts);
}

/**
 * Ids of the merchants matching `condition`, read before the list's query: the planner then sees the real
 * list for transactions_merchant_created_idx, where a subquery's unknown result would be guessed at
 * thousands of rows and could send it walking the whole range for a keyword that matches nothing.
 */
async function merchantIds(db: DbOrTx, condition: SQL | undefined): Promise<number[]> {
  const rows = await db.select({ id: merchants.id }).from(merchants).where(condition);
  return rows.map((r) => r.id);
}

/** Rows of these merchants, without joining merchants (every row has its merchant). */
const ofMerchants = (ids: readonly number[]) =>
  // One array parameter, however many merchants match.
  ids.length === 0 ? sql`false` : sql`${t.merchantId} = any(${sql.param(ids)}::integer[])`;

/**
 * A keyword as conditions: `own` on the row's own columns and, for free text, `byMerchant`, the rows of the
 * merchants whose name matches. A row matches when either does.
 */
interface KeywordMatch {
  own: SQL | undefined;
  byMerchant?: SQL | undefined;
}

async function keywordMatch(db: DbOrTx, keyword: KeywordQuery): Promise<KeywordMatch> {
  switch (keyword.kind) {
    case 'none':
      return { own: undefined };
    case 'ref':
      return {
        own: keyword.prefix
          ? and(eq(t.prefix, keyword.prefix), eq(t.transactionId, keyword.id))
          : eq(t.transactionId, keyword.id),
      };
    case 'xchange':
      return { own: eq(t.xchangeId, keyword.id) };
    case 'exact':
      return {
        own: or(
          eq(t.security, keyword.value),
          eq(t.coinAddress, keyword.value),
          eq(t.customerReference, keyword.value),
          eq(t.revolutId, keyword.value),
        ),
      };
    case 'email':
    case 'reference': {
      // transactions_email_lower_idx / transactions_customer_ref_prefix_idx (lower(customer_reference)
      // text_pattern_ops: a prefix is a range of the B-tree). References are ASCII (the keyword's shape), so
      // JavaScript's lower case is SQL's.
      const lookup =
        keyword.kind === 'email'
          ? sql`lower(${t.email}) = lower(${keyword.value})`
          : sql`lower(${t.customerReference}) like ${`${escapeLike(keyword.value.toLowerCase())}%`}`;
      // Only an address or reference that exists somewhere is looked up as one; anything else (a part of an
      // address, a typo) is searched as the text it is, so nothing the free-text search finds goes missing.
      const [found] = await db.select({ one: sql`1` }).from(t).where(lookup).limit(1);
      return found ? { own: lookup } : keywordMatch(db, { kind: 'text', value: keyword.value });
    }
    case 'text': {
      const pattern = `%${escapeLike(keyword.value)}%`;
      // Every branch is an index (ADR 0005): the merchants matching by name become a list of ids for
      // transactions_merchant_created_idx, the row's own text columns have trigram indexes.
      const byName = await merchantIds(
        db,
        sql`${merchants.shopTitle} ilike ${pattern} or ${merchants.ownerNickName} ilike ${pattern}`,
      );
      return {
        own: or(
          sql`${t.email} ilike ${pattern}`,
          sql`${t.customerReference} ilike ${pattern}`,
          sql`${t.tag} ilike ${pattern}`,
        ),
        byMerchant: byName.length > 0 ? ofMerchants(byName) : undefined,
      };
    }
  }
}

/** The list's filters, on transactions' own columns only, so the count and the page need no join. */
async function filterOf(
  db: DbOrTx,
  filter: ListFilter,
): Promise<{ base: SQL | undefined; keyword: KeywordMatch }> {
  const base = and(
    gte(t.createdOn, filter.from),
    lt(t.createdOn, filter.to),
    statusCondition(filter.statuses),
    filter.merchantId === undefined ? undefined : eq(t.merchantId, filter.merchantId),
    filter.referral ? ofMerchants(await merchantIds(db, eq(merchants.referral, filter.referral))) : undefined,
    filter.altCoinId === undefined ? undefined : eq(t.altCoinId, filter.altCoinId),
    filter.types && filter.types.length > 0 ? inArray(t.transactionType, [...filter.types]) : undefined,
  );
  return { base, keyword: await keywordMatch(db, filter.keyword) };
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
  /** The columns a Transaction shows (a page read maps only these). */
  row: Omit<typeof t.$inferSelect, 'updatedOn' | 'revenueEur' | 'volumeEur' | 'feeRuleId'>;
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
  /**
   * Rows of the order to skip first (the Transactions screen's numbered pages, ADR 0021). Skipped in the ids
   * subquery, so they are index entries stepped over, never rows read and joined.
   */
  offset?: number | undefined;
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
  const cursor = page.after ? sql`cast(${page.after.value} as ${sql.raw(cast)})` : undefined;
  // The row comparison is the keyset; the plain bound beside it lets the Merchant sort start its walk of
  // merchants_shop_title_idx at the cursor (a row comparison across two tables is no index condition).
  const keyset =
    page.after && cursor
      ? and(
          sql`${expr} ${descending ? sql`<=` : sql`>=`} ${cursor}`,
          sql`(${expr}, ${t.id}) ${cmp} (${cursor}, ${page.after.id})`,
        )
      : undefined;
  const direction = descending ? sql`desc` : sql`asc`;
  const order = [sql`${expr} ${direction}`, sql`${t.id} ${direction}`];
  const { base, keyword } = await filterOf(db, filter);
  const where = and(
    base,
    or(keyword.byMerchant, keyword.own),
    keyset,
    descending ? undefined : lowerBoundOf(page.sort, filter),
  );
  // First the page's ids, from the sort column's index alone (ADR 0005: it holds the filtered columns, so
  // a filter whose matches lie far along the sort order costs an index walk, not a heap read per row);
  // then only those rows are read and joined. Inside the subquery "transactions" is its own table.
  const ids =
    page.sort === 'Merchant'
      ? db
          .select({ id: t.id })
          .from(t)
          .innerJoin(merchants, eq(merchants.id, t.merchantId))
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset ?? 0)
      : db
          .select({ id: t.id })
          .from(t)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset ?? 0);
  // The rows themselves as the driver gives them, mapped once here: Local mode reads pages of 5,000, and
  // Drizzle's per-column mapping of the wide joined select (with the garbage it makes) was half of the
  // server's time for such a page (ADR 0012). Same columns and conversions as toTransaction, which the
  // single-row reads use; a test holds the two equal.
  // `= any(array(…))`, not `in (…)`: PostgreSQL plans the ids as one array read by the primary key, where a
  // semi-join of 5,000 ids (a Local sync's page) was planned as a scan of the whole table (ADR 0012).
  const result = (await db.execute(sql`
    select ${PAGE_COLUMNS}, (${expr})::text as sort_value
    from ${t}
    join ${merchants} on ${merchants.id} = ${t.merchantId}
    join ${altCoins} on ${altCoins.id} = ${t.altCoinId}
    where ${t.id} = any(array(${ids}))
    order by ${sql.join(order, sql`, `)}`)) as unknown as { rows: PageRow[] };
  const rows = result.rows;
  if (page.backwards) rows.reverse();
  return {
    records: rows.map(fromPageRow),
    keys: rows.map((r) => ({ value: String(r.sort_value), id: Number(r.id) })),
  };
}

/** The columns of a page read, by their SQL names (see listTransactionsPage). */
const PAGE_COLUMN_NAMES = [
  'id',
  'transaction_id',
  'prefix',
  'merchant_id',
  'original_amount',
  'input_currency',
  'amount',
  'alt_coin_id',
  'status',
  'not_enough',
  'transaction_type',
  'external_provider',
  'created_on',
  'expired_on',
  'confirmed_on',
  'security',
  'customer_reference',
  'coin_address',
  'xchange_id',
  'master_transaction_id',
  'comments',
  'revolut_id',
  'email',
  'confirm_url',
  'fail_url',
  'invoice_cc',
  'tag',
  'fiat_confirmed_amount',
  'original_amount_fee',
] as const;
const PAGE_COLUMNS = sql.raw(
  PAGE_COLUMN_NAMES.map((c) => `"transactions"."${c}"`)
    .concat([
      '"merchants"."shop_title"',
      '"merchants"."owner_nick_name"',
      '"alt_coins"."long_name"',
      '"alt_coins"."name" as coin_name',
      '"alt_coins"."block_explorer"',
    ])
    .join(', '),
);
/** The names of PAGE_COLUMNS' values, in order, as a page row keys them. */
const PAGE_ROW_KEYS = [
  ...PAGE_COLUMN_NAMES,
  'shop_title',
  'owner_nick_name',
  'long_name',
  'coin_name',
  'block_explorer',
] as const;

/**
 * The rows of several transactions in one prepared statement, keyed by their reference ('T000123456');
 * missing ones are absent. The live feeds read the rows of the events that arrive together in one statement (ADR 0011).
 * Same columns and conversions as a page read, which a test holds equal to the single-row read.
 */
export function prepareFindTransactions(
  db: Db,
): (refs: ReadonlyArray<{ prefix: 'T' | 'P'; id: number }>) => Promise<Map<string, Transaction>> {
  // The references as two parallel arrays, unnested and joined on transactions_ref_idx. A text list rather
  // than array parameters, which the two drivers encode differently.
  const read = prepareStatement(
    db,
    'live_find_transactions',
    sql`
      select ${PAGE_COLUMNS}
      from unnest(string_to_array(${sql.placeholder('prefixes')}, ','),
                  string_to_array(${sql.placeholder('ids')}, ',')::bigint[]) as ref(prefix, transaction_id)
      join ${t} on ${t.prefix} = ref.prefix::char(1) and ${t.transactionId} = ref.transaction_id
      join ${merchants} on ${merchants.id} = ${t.merchantId}
      join ${altCoins} on ${altCoins.id} = ${t.altCoinId}`,
    (values) => {
      const row: PageRow = {};
      PAGE_ROW_KEYS.forEach((key, i) => {
        row[key] = values[i] as Raw;
      });
      return fromPageRow(row);
    },
  );
  return async (refs) => {
    const found = new Map<string, Transaction>();
    if (refs.length === 0) return found;
    const rows = await read({
      prefixes: refs.map((ref) => ref.prefix).join(','),
      ids: refs.map((ref) => ref.id).join(','),
    });
    for (const row of rows) found.set(formatTransactionRef(row.Prefix, row.TransactionID), row);
    return found;
  };
}

/**
 * A page row as either driver answers it: 64-bit integers and numerics may come as strings, timestamps as
 * strings or dates (Drizzle sets the parsers), so each is converted explicitly.
 */
type Raw = string | number | Date | null | undefined;
interface PageRow {
  [column: string]: Raw;
}

const text = (v: Raw): string => String(v);
const textOrNull = (v: Raw): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: Raw): number => Number(v);
const numOrNull = (v: Raw): number | null => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: Raw): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: Raw): Date | null => (v === null || v === undefined ? null : dateOf(v));

function fromPageRow(r: PageRow): Transaction {
  return toTransaction({
    row: {
      id: num(r.id),
      transactionId: num(r.transaction_id),
      prefix: text(r.prefix) as 'T' | 'P',
      merchantId: num(r.merchant_id),
      originalAmount: text(r.original_amount),
      inputCurrency: text(r.input_currency),
      amount: text(r.amount),
      altCoinId: num(r.alt_coin_id),
      status: text(r.status),
      notEnough: num(r.not_enough),
      transactionType: text(r.transaction_type),
      externalProvider: textOrNull(r.external_provider),
      createdOn: dateOf(r.created_on),
      expiredOn: dateOrNull(r.expired_on),
      confirmedOn: dateOrNull(r.confirmed_on),
      security: text(r.security),
      customerReference: textOrNull(r.customer_reference),
      coinAddress: text(r.coin_address),
      xchangeId: numOrNull(r.xchange_id),
      masterTransactionId: numOrNull(r.master_transaction_id),
      comments: textOrNull(r.comments),
      revolutId: textOrNull(r.revolut_id),
      email: textOrNull(r.email),
      confirmUrl: textOrNull(r.confirm_url),
      failUrl: textOrNull(r.fail_url),
      invoiceCc: textOrNull(r.invoice_cc),
      tag: textOrNull(r.tag),
      fiatConfirmedAmount: textOrNull(r.fiat_confirmed_amount),
      originalAmountFee: textOrNull(r.original_amount_fee),
    },
    shopTitle: text(r.shop_title),
    ownerNickName: text(r.owner_nick_name),
    longName: text(r.long_name),
    coinName: text(r.coin_name),
    blockExplorer: textOrNull(r.block_explorer),
    sortValue: null,
  });
}

export interface TransactionTotal {
  total: number;
  /** The count stopped at the cap: there are more rows than `total`. */
  isCapped: boolean;
}

const DAY_MS = 86_400_000;

/** The UTC day of an instant at midnight, or undefined when it is not at midnight. */
const wholeDay = (at: Date): string | undefined =>
  at.getTime() % DAY_MS === 0 ? at.toISOString().slice(0, 10) : undefined;

/**
 * A total without keyword, summed from the per-day counts the triggers of migration 0007 keep (ADR 0010):
 * at most one row per day, status and prefix (per merchant with a merchant or referral filter), however
 * many transactions the range holds. Undefined when the range is not whole UTC days, which the table
 * cannot answer.
 */
async function countFromDayCounts(db: DbOrTx, filter: ListFilter): Promise<number | undefined> {
  if (beyondDayCounts(filter)) return undefined;
  const fromDay = wholeDay(filter.from);
  const toDay = wholeDay(filter.to);
  if (fromDay === undefined || toDay === undefined) return undefined;
  const total = sql<number>`coalesce(sum(n), 0)::int`;
  if (filter.merchantId === undefined && !filter.referral) {
    const c = transactionDayCounts;
    const [row] = await db
      .select({ n: total })
      .from(c)
      .where(and(gte(c.day, fromDay), lt(c.day, toDay), statusCondition(filter.statuses, c)));
    return row?.n ?? 0;
  }
  const m = transactionMerchantDayCounts;
  const ids = filter.referral ? await merchantIds(db, eq(merchants.referral, filter.referral)) : undefined;
  const [row] = await db
    .select({ n: total })
    .from(m)
    .where(
      and(
        filter.merchantId === undefined ? undefined : eq(m.merchantId, filter.merchantId),
        ids === undefined
          ? undefined
          : ids.length === 0
            ? sql`false`
            : sql`${m.merchantId} = any(${sql.param(ids)}::integer[])`,
        gte(m.day, fromDay),
        lt(m.day, toDay),
        statusCondition(filter.statuses, m),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The total for 'Showing a - b of n' (ADR 0010). Without a keyword it is summed from the per-day counts;
 * an id-, hash- or address-shaped keyword is an exact index lookup of a row or a few. A free-text count
 * stops after `cap` rows when a cap is given: each match is a row read, and a common word matches
 * hundreds of thousands of them. It is two disjoint parts, each on its own index: the name-matched
 * merchants' rows (transactions_merchant_created_idx) plus the other rows whose own text matches (trigram
 * indexes). Written as one OR, PostgreSQL's default costs would price the merchant index's bitmap above a
 * full scan that runs ILIKE on every row (ADR 0005).
 */
export async function countTransactions(
  db: DbOrTx,
  filter: ListFilter,
  cap?: number,
): Promise<TransactionTotal> {
  if (filter.keyword.kind === 'none') {
    const total = await countFromDayCounts(db, filter);
    if (total !== undefined) return { total, isCapped: false };
  }
  const { base, keyword } = await filterOf(db, filter);
  // Two disjoint parts for free text (the name-matched merchants' rows, then the others), one otherwise.
  const parts = keyword.byMerchant
    ? [and(base, keyword.byMerchant), and(base, not(keyword.byMerchant), keyword.own)]
    : [and(base, keyword.own)];
  if ((filter.keyword.kind === 'text' || beyondDayCounts(filter)) && cap !== undefined) {
    // Part by part, each stopping once the cap is passed, newest first so the walk stays in the range:
    // a common name or word is settled by its first part or its first few thousand rows.
    let n = 0;
    for (const where of parts) {
      const rows = db
        .select({ one: sql`1` })
        .from(t)
        .where(where)
        .orderBy(desc(t.createdOn))
        .limit(cap + 1 - n)
        .as('capped');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows);
      n += row?.n ?? 0;
      // The parts are disjoint by merchant, so a row written between the two statements is counted once
      // at most, as if the count had been taken a moment earlier or later.
      if (n > cap) return { total: cap, isCapped: true };
    }
    return { total: n, isCapped: false };
  }
  const [first, second] = parts;
  const counted =
    second === undefined
      ? await db.select({ n: sql<number>`count(*)::int` }).from(t).where(first)
      : // The scalar subquery counts in its own "transactions"; one statement, so both parts see one snapshot.
        await db
          .select({
            n: sql<number>`(count(*) + (${db.select({ n: sql`count(*)` }).from(t).where(second)}))::int`,
          })
          .from(t)
          .where(first);
  return { total: counted[0]?.n ?? 0, isCapped: false };
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
