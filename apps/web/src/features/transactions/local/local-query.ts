import {
  KEYWORD_FIELDS,
  type KeywordField,
  keywordFieldText,
  keywordHaystack,
  matchesParsedKeyword,
  matchesStatusFilter,
  type ParsedKeyword,
  parseKeyword,
  type StatusFilterValue,
  shownDate,
  type Transaction,
  type TransactionSortColumn,
} from '@bo/contract';

/** The Local mode's own filters (SPEC §2.6 item 2): merchant, keyword, status and type. */
export interface LocalFilter {
  merchantId: number | null;
  keyword: string;
  statuses: readonly StatusFilterValue[];
  /** TransactionType values; none selected means all. */
  types: readonly string[];
}

export interface LocalQuery {
  filter: LocalFilter;
  sort: TransactionSortColumn;
  order: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface LocalResult {
  rows: Transaction[];
  /** Rows matching the filter, for 'Showing a - b of n'. */
  total: number;
  /** The page actually shown (a filter can shrink the list below the asked page). */
  page: number;
}

export interface LocalFacets {
  merchants: Array<{ id: number; title: string }>;
  types: string[];
}

export const EMPTY_LOCAL_FILTER: LocalFilter = { merchantId: null, keyword: '', statuses: [], types: [] };

/** Decimal strings compared by value without float arithmetic: sign, integer length, then digits. */
export const compareDecimal = (a: string, b: string): number => {
  const parse = (v: string) => {
    const negative = v.startsWith('-');
    const [int = '0', frac = ''] = v.replace(/^[-+]/, '').split('.');
    return { negative, int: int.replace(/^0+(?=\d)/, ''), frac };
  };
  const x = parse(a);
  const y = parse(b);
  const isZero = (d: typeof x) => /^0*$/.test(d.int) && /^0*$/.test(d.frac);
  const sx = isZero(x) ? 0 : x.negative ? -1 : 1;
  const sy = isZero(y) ? 0 : y.negative ? -1 : 1;
  if (sx !== sy) return sx - sy;
  if (sx === 0) return 0;
  let magnitude = x.int.length - y.int.length;
  if (magnitude === 0) magnitude = x.int < y.int ? -1 : x.int > y.int ? 1 : 0;
  if (magnitude === 0) {
    const width = Math.max(x.frac.length, y.frac.length);
    const fx = x.frac.padEnd(width, '0');
    const fy = y.frac.padEnd(width, '0');
    magnitude = fx < fy ? -1 : fx > fy ? 1 : 0;
  }
  return sx * Math.sign(magnitude);
};

// One collator for every comparison: localeCompare with options builds its collation each call, which is
// most of a 100,000-row sort's time.
const text = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

const COMPARE: Record<TransactionSortColumn, (a: Transaction, b: Transaction) => number> = {
  Merchant: (a, b) => text(a.ShopTitle || a.OwnerNickName, b.ShopTitle || b.OwnerNickName),
  TransactionID: (a, b) => a.TransactionID - b.TransactionID,
  OriginalAmount: (a, b) => compareDecimal(a.OriginalAmount, b.OriginalAmount),
  Amount: (a, b) => compareDecimal(a.Amount, b.Amount),
  Type: (a, b) => text(a.TransactionType, b.TransactionType),
  Status: (a, b) => text(a.Status, b.Status),
  CreatedOn: (a, b) => (a.CreatedOn < b.CreatedOn ? -1 : a.CreatedOn > b.CreatedOn ? 1 : 0),
  Date: (a, b) => {
    const x = shownDate(a);
    const y = shownDate(b);
    return x < y ? -1 : x > y ? 1 : 0;
  },
};

/** The filter parts other than the keyword, which every row is checked against. */
const matchesBaseFilter = (tx: Transaction, filter: LocalFilter): boolean =>
  (filter.merchantId === null || tx.MerchantID === filter.merchantId) &&
  (filter.types.length === 0 || filter.types.includes(tx.TransactionType)) &&
  matchesStatusFilter(tx, filter.statuses);

export const matchesLocalFilter = (tx: Transaction, filter: LocalFilter): boolean =>
  matchesBaseFilter(tx, filter) && matchesParsedKeyword(tx, parseKeyword(filter.keyword));

/** The order of a Local query; ties break on the id (descending first), so pages never shuffle equal rows. */
const comparatorOf = (sort: TransactionSortColumn, order: 'asc' | 'desc') => {
  const compare = COMPARE[sort];
  const direction = order === 'asc' ? 1 : -1;
  return (a: Transaction, b: Transaction) =>
    direction * (compare(a, b) || a.TransactionID - b.TransactionID || text(a.Prefix, b.Prefix));
};

const pageOf = <T>(matching: readonly T[], query: LocalQuery): { rows: T[]; total: number; page: number } => {
  const lastPage = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), lastPage);
  const start = (page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length, page };
};

/** Filters, sorts and pages a list of rows in one go (the reference for {@link LocalIndex}). */
export function runLocalQuery(rows: readonly Transaction[], query: LocalQuery): LocalResult {
  const matching = rows.filter((tx) => matchesLocalFilter(tx, query.filter));
  matching.sort(comparatorOf(query.sort, query.order));
  return pageOf(matching, query);
}

interface Entry {
  tx: Transaction;
  /** The lower-case text of the row's own keyword fields, made once rather than on every keystroke. */
  haystack: string;
}

/**
 * Keyword fields whose few distinct values repeat on row after row (merchant, coin, status, type). Each value
 * is kept once, shared by its rows, and a keyword is tried once per distinct value rather than per row; the
 * row's haystack holds only the other fields. Together this keeps 100,000 rows in a worker heap of about
 * 100 MB (ADR 0012).
 */
const SHARED_FIELDS = [
  'ShopTitle',
  'OwnerNickName',
  'InputCurrency',
  'LongName',
  'CoinName',
  'Status',
  'TransactionType',
  'ExternalTransactionProvider',
] as const satisfies readonly KeywordField[];
const OWN_FIELDS = KEYWORD_FIELDS.filter(
  (field) => !(SHARED_FIELDS as readonly KeywordField[]).includes(field),
);

/** T and P ids are separate sequences: a number key per row, cheaper than a 'T123' string. */
const keyOf = (tx: Pick<Transaction, 'Prefix' | 'TransactionID'>): number =>
  tx.TransactionID * 2 + (tx.Prefix === 'P' ? 1 : 0);

/** Whether a text needle is in one of the row's keyword fields, trying each shared value once a query. */
const textMatcher = (needle: string) => {
  const seen = SHARED_FIELDS.map(() => new Map<string, boolean>());
  return (entry: Entry): boolean => {
    if (entry.haystack.includes(needle)) return true;
    for (let i = 0; i < SHARED_FIELDS.length; i++) {
      const field = SHARED_FIELDS[i] as (typeof SHARED_FIELDS)[number];
      const value = entry.tx[field];
      if (value === null) continue;
      const memo = seen[i] as Map<string, boolean>;
      let isHit = memo.get(value);
      if (isHit === undefined) {
        isHit = keywordFieldText(field, value)?.includes(needle) ?? false;
        memo.set(value, isHit);
      }
      if (isHit) return true;
    }
    return false;
  };
};

/**
 * The rows Local mode queries, kept ready for a query per keystroke (ADR 0012) over about 100,000 rows:
 * - each row's keyword text is made once, when the row arrives;
 * - each sort order is made once per change of the rows and kept, so a query only filters;
 * - a keyword that extends the previous one (typing) filters the previous answer, not every row;
 * - repeated texts (merchant, coin, status, type, a Date equal to another time) are shared between rows.
 * Answers are the same as {@link runLocalQuery}'s.
 */
export class LocalIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly strings = new Map<string, string>();
  private readonly sorted = new Map<string, Entry[]>();
  private facetsCache: LocalFacets | null = null;
  // The pickers' choices, kept up to date as rows arrive: recounting 100,000 rows after every chunk of a
  // sync was a good part of the worker's time.
  private readonly merchants = new Map<number, string>();
  private readonly types = new Set<string>();
  private last: { base: string; order: string; keyword: ParsedKeyword; matching: Entry[] } | null = null;
  private changes = 0;

  get size(): number {
    return this.entries.size;
  }

  /** Goes up with every change of the rows: equal revisions have equal facets. */
  get revision(): number {
    return this.changes;
  }

  has(tx: Pick<Transaction, 'Prefix' | 'TransactionID'>): boolean {
    return this.entries.has(keyOf(tx));
  }

  clear(): void {
    this.entries.clear();
    this.strings.clear();
    this.merchants.clear();
    this.types.clear();
    this.changed();
  }

  /** Adds or replaces rows (by prefix and id). */
  set(rows: Iterable<Transaction>): void {
    for (const parsed of rows) {
      const tx = this.compact(parsed);
      this.entries.set(keyOf(tx), { tx, haystack: keywordHaystack(tx, OWN_FIELDS) });
      if (!this.merchants.has(tx.MerchantID)) this.merchants.set(tx.MerchantID, merchantTitle(tx));
      this.types.add(tx.TransactionType);
    }
    this.changed();
  }

  /**
   * The row as one object literal of the contract's shape. The validated rows arrive in dictionary mode (a
   * hash table of their properties, about 800 bytes a row in the worker's heap); a literal of a fixed shape
   * keeps its properties inline, about 150 bytes. Repeated texts are shared on the way (see SHARED_FIELDS),
   * and the Date column's time is one of the row's other times (SPEC §4), so it shares that string.
   */
  private compact(tx: Transaction): Transaction {
    const shared = <T extends string | null>(value: T): T => {
      if (value === null) return value;
      const known = this.strings.get(value);
      if (known !== undefined) return known as T;
      this.strings.set(value, value);
      return value;
    };
    const date =
      tx.Date === tx.CreatedOn
        ? tx.CreatedOn
        : tx.Date === tx.TransactionConfirmedOn
          ? tx.TransactionConfirmedOn
          : tx.Date === tx.Expired
            ? tx.Expired
            : tx.Date;
    return {
      ID: tx.ID,
      TransactionID: tx.TransactionID,
      Prefix: tx.Prefix,
      MerchantID: tx.MerchantID,
      OwnerNickName: shared(tx.OwnerNickName),
      ShopTitle: shared(tx.ShopTitle),
      OriginalAmount: tx.OriginalAmount,
      InputCurrency: shared(tx.InputCurrency),
      Amount: tx.Amount,
      LongName: shared(tx.LongName),
      CoinName: shared(tx.CoinName),
      AltCoinID: tx.AltCoinID,
      Status: shared(tx.Status),
      NotEnough: tx.NotEnough,
      TransactionType: shared(tx.TransactionType),
      ExternalTransactionProvider: shared(tx.ExternalTransactionProvider),
      CreatedOn: tx.CreatedOn,
      Date: date ?? tx.Date,
      Expired: tx.Expired,
      TransactionConfirmedOn: tx.TransactionConfirmedOn,
      Security: tx.Security,
      CustomerReferenceNr: tx.CustomerReferenceNr,
      CoinAddress: tx.CoinAddress,
      BlockExplorer: tx.BlockExplorer,
      XChangeID: tx.XChangeID,
      MasterTransactionID: tx.MasterTransactionID,
      Comments: tx.Comments,
      revolutID: tx.revolutID,
      Email: tx.Email,
      ConfirmURL: tx.ConfirmURL,
      FailURL: tx.FailURL,
      InvoiceCC: tx.InvoiceCC,
      Tag: tx.Tag,
      FiatConfirmedAmount: tx.FiatConfirmedAmount,
      OriginalAmountFee: tx.OriginalAmountFee,
    } satisfies Required<Transaction>;
  }

  query(query: LocalQuery): LocalResult {
    const order = `${query.sort}:${query.order}`;
    const { filter } = query;
    const base = JSON.stringify([filter.merchantId, filter.statuses, filter.types]);
    const keyword = parseKeyword(filter.keyword);
    const last = this.last;
    // Typing narrows: every row matching 'abc' also matches 'ab', so the answer to 'ab' is enough to search.
    const narrows =
      last !== null &&
      last.base === base &&
      last.order === order &&
      keyword.kind === 'text' &&
      (last.keyword.kind === 'all' ||
        (last.keyword.kind === 'text' && keyword.needle.includes(last.keyword.needle)));
    const candidates = narrows ? last.matching : this.sortedBy(query.sort, query.order);
    let matching: Entry[];
    if (!narrows && keyword.kind === 'all' && base === EVERYTHING) matching = candidates;
    else if (keyword.kind === 'text') {
      const hasText = textMatcher(keyword.needle);
      matching = candidates.filter((e) => matchesBaseFilter(e.tx, filter) && hasText(e));
    } else {
      matching = candidates.filter(
        (e) => matchesBaseFilter(e.tx, filter) && matchesParsedKeyword(e.tx, keyword),
      );
    }
    this.last = { base, order, keyword, matching };
    const result = pageOf(matching, query);
    return { ...result, rows: result.rows.map((e) => e.tx) };
  }

  facets(): LocalFacets {
    this.facetsCache ??= facetsOf(this.merchants, this.types);
    return this.facetsCache;
  }

  private sortedBy(sort: TransactionSortColumn, order: 'asc' | 'desc'): Entry[] {
    const key = `${sort}:${order}`;
    let list = this.sorted.get(key);
    if (!list) {
      const compare = comparatorOf(sort, order);
      // Rows arrive newest first, so the default order is nearly sorted already and the sort is quick.
      list = [...this.entries.values()].sort((a, b) => compare(a.tx, b.tx));
      this.sorted.set(key, list);
    }
    return list;
  }

  private changed(): void {
    this.changes += 1;
    this.sorted.clear();
    this.facetsCache = null;
    this.last = null;
  }
}

const EVERYTHING = JSON.stringify([null, [], []]);

const merchantTitle = (tx: Transaction): string => tx.ShopTitle || tx.OwnerNickName;

const facetsOf = (merchants: ReadonlyMap<number, string>, types: ReadonlySet<string>): LocalFacets => ({
  merchants: [...merchants].map(([id, title]) => ({ id, title })).sort((a, b) => text(a.title, b.title)),
  types: [...types].sort(text),
});

/** The choices of the Local merchant and type pickers: what the loaded rows contain. */
export function localFacets(rows: readonly Transaction[]): LocalFacets {
  const merchants = new Map<number, string>();
  const types = new Set<string>();
  for (const tx of rows) {
    if (!merchants.has(tx.MerchantID)) merchants.set(tx.MerchantID, merchantTitle(tx));
    types.add(tx.TransactionType);
  }
  return facetsOf(merchants, types);
}
